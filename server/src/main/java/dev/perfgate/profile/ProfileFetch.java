package dev.perfgate.profile;

import java.util.Objects;

/**
 * The outcome of fetching one profile. Anything but {@link Ok} carries a human reason; a verdict must turn it into
 * INCONCLUSIVE with that reason, never into a pass.
 */
public sealed interface ProfileFetch {

    /** Why there is no profile, or a summary of the one fetched. */
    String reason();

    default boolean isOk() {
        return this instanceof Ok;
    }

    /** A non-empty profile. */
    record Ok(Profile profile, String query) implements ProfileFetch {
        public Ok {
            Objects.requireNonNull(profile, "profile");
        }

        @Override
        public String reason() {
            return "fetched " + query + " (" + profile.numTicks() + " " + profile.quantity().rawUnit() + ")";
        }
    }

    /** The application is known but has no samples for this selection and window. */
    record Empty(String reason) implements ProfileFetch {
    }

    /** The server does not know the application (or service) at all: a misconfigured name or an agent that never sent. */
    record UnknownApplication(String reason) implements ProfileFetch {
    }

    /** No answer: connection refused, timeout, DNS failure. */
    record Unreachable(String reason) implements ProfileFetch {
    }

    /** The server answered with a status other than 200. */
    record HttpError(int status, String reason) implements ProfileFetch {
    }

    /** The server answered 200 with something that is not a decodable profile. */
    record Malformed(String reason) implements ProfileFetch {
    }
}
