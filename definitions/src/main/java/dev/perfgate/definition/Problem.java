package dev.perfgate.definition;

/** Something wrong in a definition file, where it is and why. */
public record Problem(String file, int line, String message) {

    @Override
    public String toString() {
        return file + (line > 0 ? ":" + line : "") + ": " + message;
    }
}
