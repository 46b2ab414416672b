package dev.orchestrator.providers.classify;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.TransportFault;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.DynamicTest;

/**
 * Reads error examples in the shape of {@code shared/examples/errors.jsonl}: one JSON object per
 * line, {@code {"id", "input": {status, body, headers, exception, message, streamStarted, inBand},
 * "expect": {category (or a list of acceptable ones), retryable, …}, "source"}}, and turns each
 * into a test that classifies the input and checks every expectation present.
 */
final class ErrorExamples {
  private static final ObjectMapper JSON = new ObjectMapper();

  private ErrorExamples() {}

  static Stream<DynamicTest> tests(Path file) {
    List<DynamicTest> tests = new ArrayList<>();
    List<String> lines;
    try {
      lines = Files.readAllLines(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    for (String line : lines) {
      if (line.isBlank()) {
        continue;
      }
      JsonNode row = read(line);
      tests.add(DynamicTest.dynamicTest(row.path("id").asText(), () -> check(row)));
    }
    return tests.stream();
  }

  static FailureEvidence evidence(JsonNode input) {
    Map<String, String> headers = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : input.path("headers").properties()) {
      headers.put(e.getKey(), e.getValue().asText());
    }
    return new FailureEvidence(
        input.hasNonNull("status") ? input.get("status").asInt() : null,
        headers,
        input.hasNonNull("body") ? input.get("body").asText() : null,
        input.hasNonNull("exception")
            ? TransportFault.fromWireName(input.get("exception").asText())
            : null,
        input.hasNonNull("message") ? input.get("message").asText() : null,
        input.path("streamStarted").asBoolean(false),
        input.path("inBand").asBoolean(false),
        null);
  }

  static void check(JsonNode row) {
    Classification c = FailureClassifier.INSTANCE.explainStrict(evidence(row.get("input")));
    ProviderFailure f = c.failure();
    JsonNode expect = row.get("expect");
    SoftAssertions soft = new SoftAssertions();
    List<FailureCategory> categories = new ArrayList<>();
    JsonNode cat = expect.get("category");
    if (cat.isArray()) {
      cat.forEach(n -> categories.add(FailureCategory.fromWireName(n.asText())));
    } else {
      categories.add(FailureCategory.fromWireName(cat.asText()));
    }
    soft.assertThat(f.category()).as("category (rule %s)", c.rule()).isIn(categories);
    if (expect.has("retryable")) {
      soft.assertThat(f.retryable()).as("retryable").isEqualTo(expect.get("retryable").asBoolean());
    }
    if (expect.has("reachedModel")) {
      JsonNode r = expect.get("reachedModel");
      soft.assertThat(f.reachedModel().asBoolean())
          .as("reachedModel")
          .isEqualTo(r.isNull() ? null : r.asBoolean());
    }
    if (expect.has("retryAfterMs")) {
      soft.assertThat(f.retryAfter() == null ? null : f.retryAfter().toMillis())
          .as("retryAfterMs")
          .isEqualTo(expect.get("retryAfterMs").asLong());
    }
    text(soft, expect, "requestId", f.requestId());
    text(soft, expect, "errorType", f.errorType());
    text(soft, expect, "errorCode", f.errorCode());
    text(soft, expect, "rule", c.rule());
    text(soft, expect, "message", f.message());
    if (expect.has("messageContains")) {
      soft.assertThat(f.message()).contains(expect.get("messageContains").asText());
    }
    if (expect.has("messageStartsWith")) {
      soft.assertThat(f.message()).startsWith(expect.get("messageStartsWith").asText());
    }
    if (expect.has("messageNotContains")) {
      soft.assertThat(f.message() + f.body() + f)
          .doesNotContain(expect.get("messageNotContains").asText());
    }
    soft.assertThat(f.message()).as("one line").doesNotContain("\n", "\r");
    soft.assertThat(
            f.body() == null
                ? 0
                : f.body().getBytes(java.nio.charset.StandardCharsets.UTF_8).length)
        .as("kept body bytes")
        .isLessThanOrEqualTo(2048);
    soft.assertAll();
  }

  private static void text(SoftAssertions soft, JsonNode expect, String field, String actual) {
    if (expect.has(field)) {
      soft.assertThat(actual).as(field).isEqualTo(expect.get(field).asText());
    }
  }

  /**
   * The rows of a JSON Lines test resource ({@code /errors/…}), skipping blank and {@code #} lines;
   * a row missing one of {@code fields} fails naming the file, the line and the field.
   */
  static List<JsonNode> jsonLines(String resource, String... fields) {
    List<String> lines;
    try (InputStream in =
        Objects.requireNonNull(ErrorExamples.class.getResourceAsStream(resource), resource)) {
      lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<JsonNode> rows = new ArrayList<>();
    for (int n = 1; n <= lines.size(); n++) {
      String line = lines.get(n - 1);
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      JsonNode row = read(line);
      for (String field : fields) {
        if (!row.hasNonNull(field)) {
          throw new AssertionError(resource + ":" + n + ": field " + field + " is missing");
        }
      }
      rows.add(row);
    }
    return rows;
  }

  private static JsonNode read(String line) {
    try {
      return JSON.readTree(line);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
