package dev.perfgate.jenkins;

import com.cloudbees.plugins.credentials.CredentialsMatchers;
import com.cloudbees.plugins.credentials.CredentialsProvider;
import com.cloudbees.plugins.credentials.common.StandardListBoxModel;
import dev.perfgate.client.api.PerfGateClient;
import dev.perfgate.client.api.Retry;
import dev.perfgate.client.api.RunInfo;
import dev.perfgate.client.api.RunRequest;
import dev.perfgate.client.api.Verdict;
import dev.perfgate.client.gate.CiEnvironment;
import dev.perfgate.client.gate.GateRun;
import dev.perfgate.client.gate.ResultsUpload;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.AbortException;
import hudson.EnvVars;
import hudson.Extension;
import hudson.FilePath;
import hudson.Util;
import hudson.model.Item;
import hudson.model.Run;
import hudson.model.TaskListener;
import hudson.security.ACL;
import hudson.util.ListBoxModel;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Serializable;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jenkins.model.Jenkins;
import lombok.Getter;
import org.jenkinsci.plugins.plaincredentials.StringCredentials;
import org.jenkinsci.plugins.workflow.graph.FlowNode;
import org.jenkinsci.plugins.workflow.steps.BodyExecutionCallback;
import org.jenkinsci.plugins.workflow.steps.GeneralNonBlockingStepExecution;
import org.jenkinsci.plugins.workflow.steps.Step;
import org.jenkinsci.plugins.workflow.steps.StepContext;
import org.jenkinsci.plugins.workflow.steps.StepDescriptor;
import org.jenkinsci.plugins.workflow.steps.StepExecution;
import org.jenkinsci.plugins.workflow.steps.SynchronousNonBlockingStepExecution;
import org.kohsuke.stapler.AncestorInPath;
import org.kohsuke.stapler.DataBoundConstructor;
import org.kohsuke.stapler.DataBoundSetter;
import org.kohsuke.stapler.QueryParameter;
import org.kohsuke.stapler.verb.POST;

/**
 * {@code perfGate}: records a load test at PerfGate and gates the build on its verdict.
 *
 * <pre>
 * perfGate(system: 'shop', workload: 'checkout', environment: 'perf', credentialsId: 'perfgate-token',
 *          results: 'load-scripts/target/gatling', rampUp: 30) {
 *     sh './mvnw -pl load-scripts gatling:test'          // the run is exactly this block
 * }
 * perfGate(system: 'shop', workload: 'checkout', environment: 'perf', credentialsId: 'perfgate-token',
 *          results: 'load-scripts/target/gatling')        // results an earlier step made
 * </pre>
 *
 * <p>Glue only: {@link GateRun} (start, upload, end, wait), {@link dev.perfgate.client.gate.GatePolicy} (the
 * decision) and {@link dev.perfgate.client.gate.VerdictSummary} (the console table) are the client's, tested without
 * Jenkins. Serializable because the block form's execution, which holds the step, outlives a controller restart.
 */
@Getter
public class PerfGateStep extends Step implements Serializable {

  private static final long serialVersionUID = 1L;

  private final String system;
  private final String workload;
  private final String environment;
  // the optional parameters, bound to the fields by name; start() reads blank text as not given
  /** A Gatling results folder, a simulation.log, a PerfGate results JSON or a 3.12 stats.json, in the workspace. */
  @DataBoundSetter private String results;
  /** Seconds at the start of the load test left out of the statistics. */
  @DataBoundSetter private int rampUp;
  /** FAIL (default), WARN (warnings fail too) or NEVER (failures only make the build unstable). */
  @DataBoundSetter private String failOn = "FAIL";
  /** GATE (default: as PerfGate's gate says), PASS, WARN or FAIL. */
  @DataBoundSetter private String inconclusive = "GATE";
  /** Seconds to wait for the verdict; still pending then fails the step. */
  @DataBoundSetter private int timeout = 300;
  /** Secret text credentials with a PerfGate API token (runner role); default: the global configuration's. */
  @DataBoundSetter private String credentialsId;
  /** PerfGate's address; default: the global configuration's. */
  @DataBoundSetter private String url;
  /** Your id of the run; default: BUILD_TAG plus this step's node id, unique per step and stable per build. */
  @DataBoundSetter private String runId;
  /** The version of the system under test. */
  @DataBoundSetter private String version;
  /** Also end the step with an error when the gate fails, so later stages (a deployment) do not run. */
  @DataBoundSetter private boolean stopOnFailure;

  @DataBoundConstructor
  public PerfGateStep(String system, String workload, String environment) {
    this.system = Util.fixEmptyAndTrim(system);
    this.workload = Util.fixEmptyAndTrim(workload);
    this.environment = Util.fixEmptyAndTrim(environment);
  }

  @Override
  public StepExecution start(StepContext context) throws Exception {
    normalize();
    if (system == null || workload == null || environment == null) {
      throw new AbortException("perfGate: system, workload and environment are required");
    }
    new ResultPolicy(failOn, inconclusive); // refuse a bad value before anything runs
    if (context.hasBody()) {
      return new BlockExecution(this, context);
    }
    if (results == null) {
      throw new AbortException("perfGate: without a body, 'results' must point at results an earlier step made");
    }
    return new PlainExecution(this, context);
  }

  /** Blank text as not given, negative seconds as 0: what the snippet generator's empty fields bind. */
  private void normalize() {
    results = Util.fixEmptyAndTrim(results);
    failOn = Util.fixEmptyAndTrim(failOn);
    inconclusive = Util.fixEmptyAndTrim(inconclusive);
    credentialsId = Util.fixEmptyAndTrim(credentialsId);
    url = Util.fixEmptyAndTrim(url);
    runId = Util.fixEmptyAndTrim(runId);
    version = Util.fixEmptyAndTrim(version);
    rampUp = Math.max(0, rampUp);
    timeout = Math.max(0, timeout);
  }

  /** The client, with the token from the credentials (tracked as used by this build). */
  GateRun gate(StepContext context) throws IOException, InterruptedException {
    Run<?, ?> run = context.get(Run.class);
    PrintStream log = context.get(TaskListener.class).getLogger();
    PerfGateConfiguration global = PerfGateConfiguration.get();
    String baseUrl = url != null ? url : global.getUrl();
    if (baseUrl == null) {
      throw new AbortException("perfGate: no PerfGate URL: set it in Manage Jenkins > System > PerfGate, or give 'url'");
    }
    String id = credentialsId != null ? credentialsId : global.getCredentialsId();
    if (id == null) {
      throw new AbortException("perfGate: no credentials: give 'credentialsId' (Secret text with a PerfGate API token)");
    }
    StringCredentials token = CredentialsProvider.findCredentialById(id, StringCredentials.class, run);
    if (token == null) {
      throw new AbortException("perfGate: no Secret text credentials '" + id + "' that this build may use");
    }
    CredentialsProvider.track(run, token);
    return new GateRun(new PerfGateClient(baseUrl, token.getSecret().getPlainText(), Retry.DEFAULT, log::println), log);
  }

  RunRequest request(StepContext context) throws IOException, InterruptedException {
    EnvVars env = context.get(EnvVars.class);
    CiEnvironment ci = CiEnvironment.from(env);
    String derived = CiEnvironment.runId(env.get("BUILD_TAG", "jenkins") + "-" + context.get(FlowNode.class).getId());
    return RunRequest.builder(system, workload, environment)
        .runId(runId != null ? runId : derived)
        .version(version)
        .buildUrl(ci.buildUrl())
        .buildNumber(ci.buildNumber())
        .branch(ci.branch())
        .commit(ci.commit())
        .rampUpSeconds(rampUp)
        .build();
  }

  ResultsUpload readResults(StepContext context) throws IOException, InterruptedException {
    if (results == null) {
      return null;
    }
    FilePath path = context.get(FilePath.class).child(results);
    return path.act(new ReadResults(rampUp));
  }

  String publish(StepContext context, Verdict verdict) throws IOException, InterruptedException {
    return new VerdictPublisher(context.get(Run.class), context.get(FlowNode.class),
        context.get(TaskListener.class).getLogger()).publish(verdict, new ResultPolicy(failOn, inconclusive), stopOnFailure);
  }

  /** Without a body: results an earlier step made, recorded at their own start and end. */
  static final class PlainExecution extends SynchronousNonBlockingStepExecution<String> {

    private static final long serialVersionUID = 1L;
    private final transient PerfGateStep step;

    PlainExecution(PerfGateStep step, StepContext context) {
      super(context);
      this.step = step;
    }

    @Override
    protected String run() throws Exception {
      StepContext context = getContext();
      ResultsUpload upload = step.readResults(context);
      Verdict verdict = step.gate(context).report(step.request(context), step.runId == null, upload, Map.of(),
          Duration.ofSeconds(step.timeout));
      return step.publish(context, verdict);
    }
  }

  /**
   * With a body: the run starts just before the body and ends just after it. A failed body aborts the run with the
   * reason (never judged) and fails the step with the body's own error.
   */
  static final class BlockExecution extends GeneralNonBlockingStepExecution {

    private static final long serialVersionUID = 1L;
    private final PerfGateStep step;
    // the started run, kept as plain values: an execution is persisted while its body runs
    private String id;
    private String label;
    private String page;
    private long startedAtMillis;

    BlockExecution(PerfGateStep step, StepContext context) {
      super(context);
      this.step = step;
    }

    @Override
    public boolean start() {
      run(() -> {
        StepContext context = getContext();
        RunInfo started = step.gate(context).start(step.request(context).withStartedAt(Instant.now()), step.runId == null);
        id = started.id();
        label = started.runId();
        page = started.page();
        startedAtMillis = started.startedAt().toEpochMilli();
        context.newBodyInvoker().withCallback(new Callback()).start();
      });
      return false;
    }

    private RunInfo started() {
      return new RunInfo(id, step.system, step.workload, step.environment, label, "running", null,
          Instant.ofEpochMilli(startedAtMillis), null, step.rampUp, page == null ? Map.of() : Map.of("ui", page));
    }

    private String complete(Instant endedAt) throws IOException, InterruptedException {
      StepContext context = getContext();
      GateRun gate = step.gate(context);
      ResultsUpload upload;
      try {
        upload = step.readResults(context);
      } catch (IOException e) {
        gate.abort(started(), "the results could not be used: " + e.getMessage(), endedAt);
        throw new AbortException("PerfGate: the results could not be used, so the run was aborted: " + e.getMessage());
      }
      Verdict verdict = gate.complete(started(), upload, Map.of(), endedAt, Duration.ofSeconds(step.timeout));
      return step.publish(context, verdict);
    }

    /** Ends the run when the body ends; called on the CPS VM thread, so the I/O goes to {@link #run}. */
    private final class Callback extends BodyExecutionCallback {

      private static final long serialVersionUID = 1L;

      @Override
      public void onSuccess(StepContext body, Object result) {
        Instant endedAt = Instant.now();
        run(() -> getContext().onSuccess(complete(endedAt)));
      }

      @Override
      public void onFailure(StepContext body, Throwable cause) {
        Instant endedAt = Instant.now();
        run(() -> {
          try {
            step.gate(getContext()).abort(started(), "the load test failed: " + cause, endedAt);
          } catch (Exception e) {
            // the body's failure is what the build shows; PerfGate's trouble rides along
            cause.addSuppressed(e);
          }
          getContext().onFailure(cause);
        });
      }
    }
  }

  @Extension
  public static final class DescriptorImpl extends StepDescriptor {

    @Override
    public String getFunctionName() {
      return "perfGate";
    }

    @NonNull
    @Override
    public String getDisplayName() {
      return "Record a load test at PerfGate and gate the build on its verdict";
    }

    /** With a body the run is the body; without one it reports results made earlier. */
    @Override
    public boolean takesImplicitBlockArgument() {
      return true;
    }

    @Override
    public Set<? extends Class<?>> getRequiredContext() {
      return Set.of(Run.class, TaskListener.class, FilePath.class, EnvVars.class, FlowNode.class);
    }

    public ListBoxModel doFillFailOnItems() {
      ListBoxModel items = new ListBoxModel();
      items.add("FAIL: failures fail the build, warnings make it unstable", "FAIL");
      items.add("WARN: warnings fail the build too", "WARN");
      items.add("NEVER: report only, failures make the build unstable", "NEVER");
      return items;
    }

    public ListBoxModel doFillInconclusiveItems() {
      ListBoxModel items = new ListBoxModel();
      items.add("GATE: as PerfGate's gate says (the definition's policy)", "GATE");
      items.add("PASS", "PASS");
      items.add("WARN", "WARN");
      items.add("FAIL", "FAIL");
      return items;
    }

    @POST
    public ListBoxModel doFillCredentialsIdItems(@AncestorInPath Item item, @QueryParameter String credentialsId) {
      StandardListBoxModel items = new StandardListBoxModel();
      boolean allowed = item == null ? Jenkins.get().hasPermission(Jenkins.ADMINISTER)
          : item.hasPermission(Item.EXTENDED_READ) || item.hasPermission(CredentialsProvider.USE_ITEM);
      if (!allowed) {
        return items.includeCurrentValue(credentialsId);
      }
      items.includeEmptyValue();
      if (item == null) {
        items.includeMatchingAs(ACL.SYSTEM2, Jenkins.get(), StringCredentials.class, List.of(), CredentialsMatchers.always());
      } else {
        items.includeMatchingAs(ACL.SYSTEM2, item, StringCredentials.class, List.of(), CredentialsMatchers.always());
      }
      return items.includeCurrentValue(credentialsId);
    }
  }
}
