package dev.perfgate.client.api;

import java.io.IOException;

/**
 * PerfGate could not give what was asked: it is unreachable, rejected the request (with its reason), or gave no
 * verdict in time. The message is written for a person reading a CI log. Never a pass.
 */
public class PerfGateException extends IOException {

  private static final long serialVersionUID = 1L;

  /** What went wrong, for callers that react differently (the message is the same kind of text either way). */
  public enum Kind {
    /** No answer, or 502/503/504, after every retry. */
    UNAVAILABLE,
    /** PerfGate answered with an error (4xx, 500): retrying will not help. */
    REJECTED,
    /** The verdict was still pending at the deadline. */
    TIMEOUT
  }

  private final Kind kind;
  private final int status;

  public PerfGateException(Kind kind, int status, String message, Throwable cause) {
    super(message, cause);
    this.kind = kind;
    this.status = status;
  }

  public PerfGateException(Kind kind, int status, String message) {
    this(kind, status, message, null);
  }

  public Kind kind() {
    return kind;
  }

  /** The HTTP status PerfGate answered, 0 when none. */
  public int status() {
    return status;
  }
}
