package dev.perfgate.gatling;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteOrder;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the binary {@code simulation.log} that Gatling 3.13+ writes, record by record, in file order. It follows
 * the format of Gatling's own {@code io.gatling.charts.stats.LogFileReader} for the versions it accepts.
 *
 * <p>Gatling writes each string as the {@code byte[]} inside {@code java.lang.String} plus its coder, and its own
 * reader rebuilds strings through String's private constructor, which needs
 * {@code --add-opens java.base/java.lang=ALL-UNNAMED}. This reader decodes the same bytes with standard charsets
 * (coder 0 is Latin-1, coder 1 is UTF-16 in the JVM's native byte order), so it needs no JVM flag and no Gatling
 * class: it runs in any JVM, a Jenkins controller or agent included.
 */
public final class SimulationLogReader {

  /** Log versions read: the format is the one of Gatling {@value}x. */
  public static final String SUPPORTED_VERSIONS = "3.15.";

  private static final int RUN = 0;
  private static final int REQUEST = 1;
  private static final int USER = 2;
  private static final int GROUP = 3;
  private static final int ERROR = 4;

  private static final Charset UTF16_NATIVE =
      ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN ? StandardCharsets.UTF_16BE : StandardCharsets.UTF_16LE;

  /** Receives the records of a log, in file order. */
  public interface Listener {

    void onRun(RunRecord run);

    void onRequest(RequestRecord request);

    /** A virtual user started or ended at {@code timestamp} (epoch ms). */
    default void onUser(long timestamp, boolean start) {
    }

    /** A group execution ran from {@code start} to {@code end} (epoch ms). */
    default void onGroup(long start, long end) {
    }
  }

  private final DataInputStream in;
  private final Map<Integer, String> stringCache = new HashMap<>();
  private long runStart;
  private long records;

  private SimulationLogReader(InputStream in) {
    this.in = new DataInputStream(new BufferedInputStream(in, 1 << 16));
  }

  /** Reads a log from {@code in} into {@code listener}; a truncated log is an error, never partial results. */
  public static void read(InputStream in, Listener listener) throws IOException {
    new SimulationLogReader(in).readAll(listener);
  }

  private void readAll(Listener listener) throws IOException {
    int header = in.read();
    if (header != RUN) {
      throw new IOException("not a Gatling 3.13+ binary simulation.log: it does not start with a run record"
          + (header == 'R' ? " (a Gatling 3.12 or older text log starts with RUN: use its js/stats.json)" : ""));
    }
    try {
      listener.onRun(readRun());
      records = 1;
      for (header = in.read(); header != -1; header = in.read()) {
        records++;
        switch (header) {
          case REQUEST -> listener.onRequest(readRequest());
          case USER -> readUser(listener);
          case GROUP -> readGroup(listener);
          case ERROR -> skipError();
          default -> throw new IOException("unknown record type " + header + " at record " + records);
        }
      }
    } catch (EOFException e) {
      throw new IOException("simulation.log is truncated in record " + records + ": the run did not end cleanly", e);
    }
  }

  private RunRecord readRun() throws IOException {
    String version = readString();
    if (!version.startsWith(SUPPORTED_VERSIONS)) {
      throw new IOException("simulation.log was written by Gatling " + version + "; this client reads Gatling "
          + SUPPORTED_VERSIONS + "x logs: use a PerfGate client built for Gatling " + version);
    }
    String simulation = readString();
    runStart = in.readLong();
    String description = readString();
    List<String> scenarios = new ArrayList<>();
    for (int i = in.readInt(); i > 0; i--) {
      scenarios.add(sanitize(readString()));
    }
    for (int i = in.readInt(); i > 0; i--) {
      // pickled assertions: not needed, the gate is PerfGate's
      in.skipNBytes(in.readInt());
    }
    return new RunRecord(version, simulation, runStart, description, scenarios);
  }

  private RequestRecord readRequest() throws IOException {
    List<String> groups = readGroups();
    String name = readCachedString();
    long start = runStart + in.readInt();
    long end = runStart + in.readInt();
    boolean ok = in.readBoolean();
    String message = readCachedString();
    return new RequestRecord(groups, name, start, end, ok, message);
  }

  private void readUser(Listener listener) throws IOException {
    in.readInt(); // scenario index
    boolean start = in.readBoolean();
    listener.onUser(runStart + in.readInt(), start);
  }

  private void readGroup(Listener listener) throws IOException {
    readGroups();
    long start = runStart + in.readInt();
    long end = runStart + in.readInt();
    in.readInt(); // cumulated response time
    in.readBoolean(); // status
    listener.onGroup(start, end);
  }

  private void skipError() throws IOException {
    readCachedString(); // message
    in.readInt(); // timestamp
  }

  private List<String> readGroups() throws IOException {
    int size = in.readInt();
    if (size == 0) {
      return List.of();
    }
    List<String> groups = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      groups.add(readCachedString());
    }
    return groups;
  }

  /** A string written once with a positive index, then referred to by the negated index. */
  private String readCachedString() throws IOException {
    int index = in.readInt();
    if (index >= 0) {
      String value = sanitize(readString());
      stringCache.put(index, value);
      return value;
    }
    String cached = stringCache.get(-index);
    if (cached == null) {
      throw new IOException("record " + records + " refers to string " + -index + ", never written before");
    }
    return cached;
  }

  private String readString() throws IOException {
    int length = in.readInt();
    if (length == 0) {
      return "";
    }
    byte[] value = in.readNBytes(length);
    if (value.length < length) {
      throw new EOFException();
    }
    byte coder = in.readByte();
    return new String(value, coder == 0 ? StandardCharsets.ISO_8859_1 : UTF16_NATIVE);
  }

  /** As Gatling's reader: line breaks and tabs in names become spaces. */
  private static String sanitize(String s) {
    return s.replace('\n', ' ').replace('\r', ' ').replace('\t', ' ');
  }
}
