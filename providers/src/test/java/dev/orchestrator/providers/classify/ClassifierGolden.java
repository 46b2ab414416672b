package dev.orchestrator.providers.classify;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.TransportFault;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A fixed, reproducible set of classifier inputs — every committed corpus row, the benchmark's 2
 * KiB body, {@value #GENERATED} evidences built with a seeded {@link Random} from corpus fragments,
 * secrets, separators and control characters, then every provider-vocabulary row ({@link
 * ProviderVocabularyTest#all()}, appended last so that the generated inputs stay the same as the
 * vocabulary grows) — and the recorded answer for each ({@code errors/classifier-golden.jsonl}).
 * {@link ClassifierGoldenTest} holds the classifier to them, field by field (through a digest of
 * the whole {@link ProviderFailure}); a deliberate rule change re-records them.
 */
final class ClassifierGolden {
  static final int GENERATED = 1500;
  static final long SEED = 20261129L;
  static final String RESOURCE = "/errors/classifier-golden.jsonl";

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int[] STATUSES = {
    200, 400, 401, 402, 403, 404, 408, 409, 413, 422, 429, 500, 501, 502, 503, 504, 520, 522, 524,
    529
  };
  private static final List<Map<String, String>> HEADERS =
      List.of(
          Map.of(),
          Map.of("retry-after", "7", "x-request-id", "req_123abc"),
          Map.of("cf-ray", "7d1a2b3c4d5e6f70-AMS", "x-ratelimit-reset-tokens", "6m0s"),
          Map.of("x-amzn-ErrorType", "ThrottlingException:http://internal.amazon.com/coral/"),
          Map.of("authorization", "Bearer sk-proj-abcdefghijklmnop1234", "retry-after-ms", "250"));
  private static final int[] REPEATS = {1, 1, 2, 5, 30, 300};
  private static final List<String> WORDS =
      List.of(
          "sk-proj-abcdefghijklmnopqrstuvwx",
          "AIzaSyA1234567890abcdefghij",
          "Bearer abcdefgh12345678",
          "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.",
          "api_key=abcd1234",
          "\"x-api-key\": \"secret-value-123\"",
          "password: hunter22",
          "litellm.RateLimitError: ",
          "openai.APIStatusError",
          "Error code: 429 - ",
          "request id: req_abc123def",
          "Request-ID: 0123456789ab",
          "the model `gpt-5` does not exist",
          "models/gemini-1.0-pro is not found",
          "You exceeded your current quota",
          "Invalid API key",
          "maximum context length",
          "content policy",
          "Overloaded",
          "rate limit",
          "timed out",
          "connection reset",
          "internal server error",
          "<title>502 Bad Gateway</title>",
          "<div>",
          "</p>",
          "<",
          ">",
          "{",
          "}",
          ",",
          ";",
          "&",
          "\"",
          ":",
          "=",
          " ",
          "   ",
          "\n",
          "\r\n",
          "\t",
          "\u0000",
          "\u001b[1m",
          "\u001b]0;title\u0007",
          "\u00a0",
          "\u200b",
          "\uD83D\uDE00",
          "\uD800",
          "İ",
          "K",
          "ß",
          "data: ",
          "[REDACTED]");

  private ClassifierGolden() {}

  /** The inputs, in their fixed order. */
  static List<FailureEvidence> cases() {
    List<JsonNode> rows = corpus();
    List<FailureEvidence> out = new ArrayList<>();
    List<String> texts = new ArrayList<>();
    for (JsonNode row : rows) {
      JsonNode in = row.get("input");
      out.add(ErrorExamples.evidence(in));
      for (String field : new String[] {"body", "message"}) {
        if (in.hasNonNull(field) && !in.get(field).asText().isEmpty()) {
          texts.add(in.get(field).asText());
        }
      }
    }
    Random rnd = new Random(SEED);
    TransportFault[] faults = TransportFault.values();
    for (int i = 0; i < GENERATED; i++) {
      Integer status = rnd.nextInt(21) == 20 ? null : STATUSES[rnd.nextInt(STATUSES.length)];
      Map<String, String> headers = HEADERS.get(rnd.nextInt(HEADERS.size()));
      String body = body(rnd, texts);
      TransportFault fault = rnd.nextInt(7) == 0 ? faults[rnd.nextInt(faults.length)] : null;
      String message = rnd.nextInt(5) == 0 ? fragment(rnd, texts) : null;
      out.add(
          new FailureEvidence(
              status, headers, body, fault, message, rnd.nextInt(4) == 0, rnd.nextBoolean(), "p"));
    }
    for (JsonNode row : ProviderVocabularyTest.all()) {
      out.add(ErrorExamples.evidence(row.get("input")));
    }
    return out;
  }

  /** One golden line: the rule, the headline facts, and a digest of the whole failure. */
  static String line(int index, Classification c) {
    ProviderFailure f = c.failure();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("case", index);
    m.put("rule", c.rule());
    m.put("category", f.category().wireName());
    m.put("retryable", f.retryable());
    m.put("status", f.status());
    if (f.repairable()) {
      m.put("repairable", true);
    }
    m.put("digest", digest(f));
    try {
      return JSON.writeValueAsString(m);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String digest(ProviderFailure f) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      // Repairability is a field of the line of its own: the digest covers the other components.
      String s = f.toString();
      s = s.substring(0, s.lastIndexOf(", repairable=")) + "]";
      return HexFormat.of().formatHex(sha.digest(s.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String body(Random rnd, List<String> texts) {
    int kind = rnd.nextInt(10);
    if (kind == 9) {
      return null;
    }
    StringBuilder joined = new StringBuilder();
    for (int n = 1 + rnd.nextInt(5); n > 0; n--) {
      joined.append(fragment(rnd, texts));
    }
    String j = joined.toString();
    if (kind == 7) {
      return "event: error\ndata: " + j + "\n\n";
    }
    if (kind == 8) {
      return "<html><head><title>" + j + "</title></head><body><p>" + j + "</p></body>";
    }
    int times = REPEATS[rnd.nextInt(REPEATS.length)];
    String repeated = j.repeat(Math.min(times, 70_000 / Math.max(1, j.length())));
    if (kind >= 4) {
      try {
        return "{\"error\":{\"message\":"
            + JSON.writeValueAsString(repeated)
            + ",\"type\":\"invalid_request_error\"}}";
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return repeated;
  }

  // Whole corpus texts, pieces of them, the words the rules and the redactor look at, filler.
  private static String fragment(Random rnd, List<String> texts) {
    int kind = rnd.nextInt(10);
    if (kind < 2) {
      return texts.get(rnd.nextInt(texts.size()));
    }
    if (kind < 5) {
      String s = texts.get(rnd.nextInt(texts.size()));
      int a = rnd.nextInt(s.length() + 1);
      int b = rnd.nextInt(s.length() + 1);
      return s.substring(Math.min(a, b), Math.max(a, b));
    }
    if (kind < 9) {
      return WORDS.get(rnd.nextInt(WORDS.size()));
    }
    StringBuilder sb = new StringBuilder();
    for (int n = rnd.nextInt(41); n > 0; n--) {
      sb.append((char) (' ' + rnd.nextInt('~' - ' ' + 1)));
    }
    return sb.toString();
  }

  /** The committed corpus rows plus the benchmark's body (never the optional shared examples). */
  private static List<JsonNode> corpus() {
    List<JsonNode> rows = new ArrayList<>();
    try {
      Path file =
          Path.of(ClassifierGolden.class.getResource("/errors/provider-errors.jsonl").toURI());
      for (String line : Files.readAllLines(file)) {
        if (!line.isBlank()) {
          rows.add(JSON.readTree(line));
        }
      }
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Map<String, Object> input = new LinkedHashMap<>();
    input.put("status", 429);
    input.put(
        "body",
        "{\n  \"error\": {\n    \"message\": \"Rate limit reached for gpt-4o in organization"
            + " org-VDAWofJASuLH0vVz8o9tiQZr on tokens per min (TPM): Limit 30000, Used 29810,"
            + " Requested 1240. Please try again in 2.1s."
            + " You can increase your rate limit by adding a payment method.".repeat(25)
            + "\",\n    \"type\": \"tokens\",\n    \"param\": null,\n"
            + "    \"code\": \"rate_limit_exceeded\"\n  }\n}");
    rows.add(JSON.valueToTree(Map.of("id", "benchmark-openai-2k", "input", input)));
    return rows;
  }
}
