package dev.perfgate.profile;

/** Fetches the merged profile of a selection; {@link PyroscopeClient} is the real one, tests may use fakes. */
public interface ProfileSource {

    /** Never throws for server or network problems: those come back as non-ok {@link ProfileFetch} outcomes. */
    ProfileFetch fetch(PyroscopeTarget target, ProfileType type, ProfileSelection selection);
}
