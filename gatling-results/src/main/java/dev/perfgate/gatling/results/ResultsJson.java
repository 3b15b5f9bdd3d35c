package dev.perfgate.gatling.results;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes and reads {@link PerfGateResults} as the JSON the PerfGate server accepts (ISO-8601 instants). */
public final class ResultsJson {

  private static final ObjectMapper MAPPER = JsonMapper.builder()
      .addModule(new JavaTimeModule())
      .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
      .enable(SerializationFeature.INDENT_OUTPUT)
      // the server rejects unknown fields; so do we, to catch a drifted model in tests
      .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .build();

  private ResultsJson() {
  }

  public static String write(PerfGateResults results) {
    try {
      return MAPPER.writeValueAsString(results);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static void write(PerfGateResults results, Path file) throws IOException {
    MAPPER.writeValue(file.toFile(), results);
  }

  public static PerfGateResults read(String json) throws IOException {
    return MAPPER.readValue(json, PerfGateResults.class);
  }

  public static PerfGateResults read(Path file) throws IOException {
    return MAPPER.readValue(Files.readAllBytes(file), PerfGateResults.class);
  }
}
