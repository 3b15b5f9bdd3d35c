package dev.perfgate.gatling;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Builds a binary simulation.log in memory, in the record format Gatling 3.15's writer uses, for unit tests. */
public final class SimulationLogBytes {

  public static final long RUN_START = 1_795_000_000_000L;

  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final DataOutputStream out = new DataOutputStream(bytes);
  private final Map<String, Integer> cache = new HashMap<>();

  public static SimulationLogBytes gatling(String version) {
    SimulationLogBytes log = new SimulationLogBytes();
    log.write(() -> {
      log.out.writeByte(0);
      log.string(version);
      log.string("dev.perfgate.Sim");
      log.out.writeLong(RUN_START);
      log.string("");
      log.out.writeInt(1);
      log.string("users");
      log.out.writeInt(1); // one pickled assertion, skipped by the reader
      log.out.writeInt(3);
      log.out.write(new byte[] {7, 7, 7});
    });
    return log;
  }

  public SimulationLogBytes user(boolean start, int offsetMs) {
    return write(() -> {
      out.writeByte(2);
      out.writeInt(0);
      out.writeBoolean(start);
      out.writeInt(offsetMs);
    });
  }

  public SimulationLogBytes request(String name, int startOffsetMs, int endOffsetMs, boolean ok) {
    return request(List.of(), name, startOffsetMs, endOffsetMs, ok);
  }

  SimulationLogBytes request(List<String> groups, String name, int startOffsetMs, int endOffsetMs, boolean ok) {
    return write(() -> {
      out.writeByte(1);
      out.writeInt(groups.size());
      for (String group : groups) {
        cachedString(group);
      }
      cachedString(name);
      out.writeInt(startOffsetMs);
      out.writeInt(endOffsetMs);
      out.writeBoolean(ok);
      cachedString(ok ? "" : "status.find.is(200), but actually found 500");
    });
  }

  SimulationLogBytes group(String name, int startOffsetMs, int endOffsetMs) {
    return write(() -> {
      out.writeByte(3);
      out.writeInt(1);
      cachedString(name);
      out.writeInt(startOffsetMs);
      out.writeInt(endOffsetMs);
      out.writeInt(endOffsetMs - startOffsetMs);
      out.writeBoolean(true);
    });
  }

  SimulationLogBytes error(String message, int offsetMs) {
    return write(() -> {
      out.writeByte(4);
      cachedString(message);
      out.writeInt(offsetMs);
    });
  }

  public byte[] bytes() {
    return bytes.toByteArray();
  }

  byte[] truncatedBy(int count) {
    byte[] all = bytes();
    return Arrays.copyOf(all, all.length - count);
  }

  private void cachedString(String value) throws IOException {
    Integer index = cache.get(value);
    if (index != null) {
      out.writeInt(-index);
    } else {
      index = cache.size() + 1;
      cache.put(value, index);
      out.writeInt(index);
      string(value);
    }
  }

  /** As String holds it: Latin-1 bytes with coder 0 when it can, else UTF-16 in native order with coder 1. */
  private void string(String value) throws IOException {
    if (value.isEmpty()) {
      out.writeInt(0);
      return;
    }
    boolean latin1 = value.chars().allMatch(c -> c < 256);
    byte[] encoded = value.getBytes(latin1 ? StandardCharsets.ISO_8859_1
        : ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN ? StandardCharsets.UTF_16BE : StandardCharsets.UTF_16LE);
    out.writeInt(encoded.length);
    out.write(encoded);
    out.writeByte(latin1 ? 0 : 1);
  }

  private interface Write {
    void run() throws IOException;
  }

  private SimulationLogBytes write(Write write) {
    try {
      write.run();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return this;
  }
}
