package dev.perfgate.jenkins;

import com.cloudbees.plugins.credentials.CredentialsMatchers;
import com.cloudbees.plugins.credentials.common.StandardListBoxModel;
import hudson.Extension;
import hudson.ExtensionList;
import hudson.Util;
import hudson.security.ACL;
import hudson.util.FormValidation;
import hudson.util.ListBoxModel;
import java.util.List;
import jenkins.model.GlobalConfiguration;
import jenkins.model.Jenkins;
import lombok.Getter;
import org.jenkinsci.Symbol;
import org.jenkinsci.plugins.plaincredentials.StringCredentials;
import org.kohsuke.stapler.DataBoundSetter;
import org.kohsuke.stapler.QueryParameter;
import org.kohsuke.stapler.verb.POST;

/** Manage Jenkins → System → PerfGate: where PerfGate is, and the default API token credentials. */
@Extension
@Symbol("perfGate")
@Getter
public class PerfGateConfiguration extends GlobalConfiguration {

  private String url;
  private String credentialsId;

  public PerfGateConfiguration() {
    load();
  }

  public static PerfGateConfiguration get() {
    return ExtensionList.lookupSingleton(PerfGateConfiguration.class);
  }

  @DataBoundSetter
  public void setUrl(String url) {
    this.url = Util.fixEmptyAndTrim(url);
    save();
  }

  @DataBoundSetter
  public void setCredentialsId(String credentialsId) {
    this.credentialsId = Util.fixEmptyAndTrim(credentialsId);
    save();
  }

  @POST
  public FormValidation doCheckUrl(@QueryParameter String value) {
    Jenkins.get().checkPermission(Jenkins.ADMINISTER);
    String candidate = Util.fixEmptyAndTrim(value);
    if (candidate == null) {
      return FormValidation.warning("Without a URL here, every perfGate step needs its own 'url'.");
    }
    return candidate.matches("https?://\\S+") ? FormValidation.ok()
        : FormValidation.error("An http(s) URL, e.g. https://perfgate.example.com");
  }

  @POST
  public ListBoxModel doFillCredentialsIdItems(@QueryParameter String credentialsId) {
    StandardListBoxModel items = new StandardListBoxModel();
    if (!Jenkins.get().hasPermission(Jenkins.ADMINISTER)) {
      return items.includeCurrentValue(credentialsId);
    }
    return items.includeEmptyValue()
        .includeMatchingAs(ACL.SYSTEM2, Jenkins.get(), StringCredentials.class, List.of(), CredentialsMatchers.always())
        .includeCurrentValue(credentialsId);
  }
}
