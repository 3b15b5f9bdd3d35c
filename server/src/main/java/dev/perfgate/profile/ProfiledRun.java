package dev.perfgate.profile;

import java.util.Objects;

/** A run as the profile feature needs it: which profile data is its own, and how many requests it served. */
public record ProfiledRun(ProfileSelection selection, long requests) {

    public ProfiledRun {
        Objects.requireNonNull(selection, "selection");
    }

    /** The window read and its requests, for per-second and per-request rates. */
    public Workload workload() {
        return Workload.of(selection.window(), requests);
    }
}
