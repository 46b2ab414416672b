package dev.orchestrator.benchmarks.load;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The soak's answer count: how many requests came back answered ({@code ok}, plain or streamed) and
 * how the rest ended, by outcome. Outcome names are the engine's error types ({@code rate_limited},
 * {@code backend_unavailable}, {@code deadline}, ...), {@code stream_error_event} for a stream that
 * ended in an error event, and {@link #NO_ANSWER} for a request without a terminal answer.
 * Immutable.
 *
 * @param requests the requests sent
 * @param plain outcome → count for plain requests
 * @param streamed outcome → count for streamed requests
 */
record Answers(int requests, Map<String, Long> plain, Map<String, Long> streamed) {

  /** The outcome of a request that is answered. */
  static final String OK = "ok";

  /** The outcome of a request that received no terminal answer. */
  static final String NO_ANSWER = "no answer";

  Answers {
    plain = Map.copyOf(plain);
    streamed = Map.copyOf(streamed);
  }

  /** The requests answered {@code ok}, plain and streamed. */
  long answered() {
    return plain.getOrDefault(OK, 0L) + streamed.getOrDefault(OK, 0L);
  }

  /** The share of requests answered, 0..1 ({@code 1} for no requests). */
  double share() {
    return requests == 0 ? 1 : (double) answered() / requests;
  }

  /** Whether the answered share is at least {@code floor}. */
  boolean meets(double floor) {
    return share() >= floor;
  }

  /** Every outcome → {plain, streamed, total}, answered first, then by count. */
  Map<String, long[]> byOutcome() {
    Map<String, long[]> m = new TreeMap<>();
    plain.forEach((k, v) -> m.computeIfAbsent(k, x -> new long[3])[0] += v);
    streamed.forEach((k, v) -> m.computeIfAbsent(k, x -> new long[3])[1] += v);
    m.values().forEach(c -> c[2] = c[0] + c[1]);
    Map<String, long[]> sorted = new LinkedHashMap<>();
    m.entrySet().stream()
        .sorted(
            (a, b) ->
                a.getKey().equals(OK)
                    ? -1
                    : b.getKey().equals(OK)
                        ? 1
                        : Long.compare(b.getValue()[2], a.getValue()[2]) != 0
                            ? Long.compare(b.getValue()[2], a.getValue()[2])
                            : a.getKey().compareTo(b.getKey()))
        .forEach(e -> sorted.put(e.getKey(), e.getValue()));
    return sorted;
  }

  /** The outcome table as aligned text, one row per outcome, with each one's share. */
  String table() {
    StringBuilder sb =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "%-24s %8s %8s %8s %8s%n",
                "outcome",
                "plain",
                "stream",
                "total",
                "share"));
    byOutcome()
        .forEach(
            (k, c) ->
                sb.append(
                    String.format(
                        Locale.ROOT,
                        "%-24s %8d %8d %8d %7.2f%%%n",
                        k,
                        c[0],
                        c[1],
                        c[2],
                        100.0 * c[2] / Math.max(1, requests))));
    sb.append(
        String.format(
            Locale.ROOT, "answered: %d/%d = %.2f %%%n", answered(), requests, 100 * share()));
    return sb.toString();
  }

  /** The count for the JSON report. */
  Map<String, Object> describe() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("requests", requests);
    m.put("answered", answered());
    m.put("answeredShare", Math.round(share() * 10_000) / 10_000.0);
    Map<String, Object> outcomes = new LinkedHashMap<>();
    byOutcome()
        .forEach((k, c) -> outcomes.put(k, Map.of("plain", c[0], "streamed", c[1], "total", c[2])));
    m.put("byOutcome", outcomes);
    return m;
  }
}
