package dev.perfgate.trigger;

/**
 * Starts the load of a triggered run and sees it through to a verdict, reporting on {@link Progress}. Called on a
 * runner thread of its own; it may block until the run is judged. {@link LocalRunner} starts the load scripts on this
 * machine; {@link JenkinsRunner} asks a Jenkins job to.
 */
public interface RunRunner {

    /** Short name shown on the page: "local", "jenkins". */
    String name();

    /** Runs the request to its end; throwing marks the progress FAILED with the exception's message. */
    void run(TriggerRequest request, Progress progress) throws Exception;
}
