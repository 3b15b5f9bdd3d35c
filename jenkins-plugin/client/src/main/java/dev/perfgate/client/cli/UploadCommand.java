package dev.perfgate.client.cli;

import dev.perfgate.client.api.PerfGateClient;
import dev.perfgate.client.api.RunInfo;
import dev.perfgate.client.gate.ResultsUpload;
import java.io.IOException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code perfgate upload}: attaches results and measures to a started run. */
@Command(name = "upload",
    description = "Attaches results and/or measures to a run; do it before 'end', which starts the evaluation.")
final class UploadCommand extends RunStepCommand {

  @Mixin
  ResultsOptions results;

  @Option(names = "--ramp-up", paramLabel = "SECONDS",
      description = "Leading seconds left out of converted Gatling statistics (default: the run's own ramp-up)")
  Integer rampUpSeconds;

  @Override
  int call(PerfGateCli.Context context) throws IOException, InterruptedException {
    if (results.results == null && results.measures().isEmpty()) {
      throw new IllegalArgumentException("nothing to upload: give --results and/or --measure");
    }
    PerfGateClient client = connection.client();
    RunInfo run = client.run(runId.value);
    if (results.results != null) {
      ResultsUpload upload = results.load(rampUpSeconds != null ? rampUpSeconds : run.rampUpSeconds());
      upload.requireNotBefore(run.startedAt());
      context.err().println("PerfGate: uploading " + upload.description());
      client.uploadResults(run.id(), upload.json());
    }
    if (!results.measures().isEmpty()) {
      context.err().println("PerfGate: adding measures " + results.measures());
      client.addMeasures(run.id(), results.measures());
    }
    return 0;
  }
}
