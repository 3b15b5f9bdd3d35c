package dev.perfgate.profile;

/** The server answered, but not with a flamebearer profile PerfGate can decode; the message says what is wrong. */
public class MalformedProfileException extends Exception {

    public MalformedProfileException(String message) {
        super(message);
    }
}
