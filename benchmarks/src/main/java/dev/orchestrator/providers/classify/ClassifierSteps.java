package dev.orchestrator.providers.classify;

import dev.orchestrator.benchmarks.ClassifierBenchmark;
import dev.orchestrator.benchmarks.ClassifierBenchmarkAB;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What each step of classifying the 2 KiB OpenAI 429 body of {@code ClassifierBenchmark} costs,
 * timed one step at a time (the classifier's package-private steps, hence this package), next to
 * two floors: the same classification of a short body (Anthropic's 529: everything but the per-char
 * work), and the cheapest pass over the message conceivable (one table lookup per char, no
 * automaton state). The steps' batches alternate, so load that comes and goes hits each alike.
 *
 * <pre>
 * java -Drounds=40 -cp benchmarks/target/benchmarks.jar dev.orchestrator.providers.classify.ClassifierSteps
 * </pre>
 *
 * <p>Run on demand only; not thread-safe (one run per JVM).
 */
public final class ClassifierSteps {

  private static final int BATCH = 5000;
  private static final int WARMUP_ROUNDS = 10;

  private ClassifierSteps() {}

  /**
   * Prints, per step, the median and the best of the batch means (µs per call).
   *
   * @throws IllegalArgumentException if {@code -Drounds} is below 1
   */
  public static void main(String[] args) {
    int rounds = Integer.getInteger("rounds", 40);
    if (rounds < 1) {
      throw new IllegalArgumentException("rounds: " + rounds + " (expected: at least 1)");
    }
    Map<String, String> headers = ClassifierBenchmark.OPENAI_HEADERS;
    String body = ClassifierBenchmark.OPENAI_2K;
    String shortBody = ClassifierBenchmark.ANTHROPIC_529;
    FailureEvidence evidence = FailureEvidence.http(429, headers, body);
    int plainCut = Text.plainBodyCut(body);
    UpstreamError error = UpstreamError.read(body, true, null, null);
    String message = error.message();
    Clock clock = Clock.systemUTC();
    FailureClassifier classifier = FailureClassifier.INSTANCE;
    byte[] classes = new byte[128];
    for (char c = 'a'; c <= 'z'; c++) {
      classes[c] = (byte) (c - 'a' + 1);
    }

    Map<String, Supplier<Object>> steps = new LinkedHashMap<>();
    steps.put("classify, the whole call", () -> classifier.classify(evidence(headers, body)));
    steps.put("  the evidence record", () -> evidence(headers, body));
    steps.put("  the body's plainness", () -> Text.plainBodyCut(body));
    steps.put("  UpstreamError.read, all", () -> UpstreamError.read(body, true, null, null));
    steps.put("    the JSON reader", () -> PlainJson.read(body, true));
    steps.put("    the message's wording", () -> FailureRules.WORDING.scanLowerCased(message));
    steps.put("  the rules", () -> FailureRules.first(new Facts(evidence, error)));
    steps.put("  Retry-After", () -> RetryAfter.of(evidence.headers(), null, clock));
    steps.put("  the message line", () -> Text.oneLine(message, Text.MAX_MESSAGE_CHARS));
    steps.put("  the kept body", () -> Text.keptBody(body, plainCut));
    steps.put(
        "  type, code, request id",
        () ->
            Text.token(error.type())
                + Text.token(error.code())
                + Text.token(headers.get("x-request-id")));
    steps.put(
        "floor: a short body's classify",
        () -> classifier.classify(FailureEvidence.http(529, Map.of(), shortBody)));
    steps.put("floor: a lookup per message char", () -> lookups(message, classes));

    List<String> names = new ArrayList<>(steps.keySet());
    double[][] means = new double[names.size()][rounds];
    Object sink = null;
    for (int r = -WARMUP_ROUNDS; r < rounds; r++) {
      for (int s = 0; s < names.size(); s++) {
        Supplier<Object> step = steps.get(names.get(s));
        long t0 = System.nanoTime();
        for (int i = 0; i < BATCH; i++) {
          sink = step.get();
        }
        if (r >= 0) {
          means[s][r] = (System.nanoTime() - t0) / 1000.0 / BATCH;
        }
      }
    }
    System.out.println(
        "load "
            + ClassifierBenchmarkAB.loadAverage()
            + "; body "
            + body.length()
            + " chars, message "
            + message.length()
            + " (µs per call: median / best of "
            + rounds
            + " batch means of "
            + BATCH
            + ")");
    for (int s = 0; s < names.size(); s++) {
      double[] x = means[s].clone();
      Arrays.sort(x);
      System.out.println(
          String.format(Locale.ROOT, "%-36s %7.3f / %7.3f", names.get(s), x[x.length / 2], x[0]));
    }
    if (sink == null) {
      throw new AssertionError("a step returned null");
    }
  }

  private static FailureEvidence evidence(Map<String, String> headers, String body) {
    return FailureEvidence.http(429, headers, body);
  }

  // The cheapest pass that reads every char of a text: a class lookup per char, summed (so the
  // JIT cannot drop it), through a char[] as the automaton's walk reads it.
  private static Object lookups(String text, byte[] classes) {
    char[] t = text.toCharArray();
    int sum = 0;
    for (char c : t) {
      sum += c < 128 ? classes[c] : 0;
    }
    return sum;
  }
}
