package dev.orchestrator.engine.observe;

import com.github.benmanes.caffeine.cache.Ticker;
import dev.orchestrator.engine.failure.FailureCategory;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Decayed per-route measurements (docs/design.md §14): every {@link AttemptSample} the attempt path
 * reports adds weight 1 to its route's averages, and every weight halves each {@code halfLife} on
 * the injected {@link Ticker}. A route nobody sends to drifts back to the priors (success and tool
 * validity of 1), so a route that failed a while ago is ranked as new again — measured afresh
 * rather than shunned for ever. Only figures are kept, never text. Thread-safe.
 */
public final class RouteObservations implements Consumer<AttemptSample> {
  /** The default half-life: recent minutes count, the last hour hardly. */
  public static final Duration DEFAULT_HALF_LIFE = Duration.ofMinutes(5);

  /**
   * The fastest output a throughput sample may show, tokens per second: several times the fastest
   * inference served today, so only a rate no model produces — a burst measured over microseconds —
   * is above it.
   */
  public static final double MAX_TOKENS_PER_SECOND = 20_000;

  private final Ticker ticker;
  private final double halfLifeNanos;
  private final Map<String, Stats> routes = new ConcurrentHashMap<>();

  private RouteObservations(Ticker ticker, Duration halfLife) {
    this.ticker = Objects.requireNonNull(ticker, "ticker");
    if (halfLife.isNegative() || halfLife.isZero()) {
      throw new IllegalArgumentException("halfLife: " + halfLife + " (expected: > 0)");
    }
    this.halfLifeNanos = halfLife.toNanos();
  }

  /** Observations whose weights halve every {@code halfLife} on {@code ticker}. */
  public static RouteObservations create(Ticker ticker, Duration halfLife) {
    return new RouteObservations(ticker, halfLife);
  }

  /** Records one attempt. */
  @Override
  public void accept(AttemptSample s) {
    long now = ticker.read();
    Stats st = routes.computeIfAbsent(s.route(), k -> new Stats(now));
    synchronized (st) {
      st.decayTo(now, halfLifeNanos);
      st.last = now;
      st.attempts += 1;
      if (s.answered()) {
        st.successes += 1;
        if (s.firstToken() != null) {
          st.ttftWeight += 1;
          st.ttftSum += s.firstToken().toNanos() / 1e6;
          double tps = throughput(s);
          if (tps > 0) {
            st.tpsWeight += 1;
            st.tpsSum += tps;
          }
        }
        if (s.costRatio() != null) {
          st.costWeight += 1;
          st.costSum += s.costRatio();
        }
        if (s.toolCalls() != null) {
          st.toolWeight += 1;
          st.toolValid += s.toolCalls() ? 1 : 0;
        }
      } else {
        st.failures.merge(s.failure(), 1.0, Double::sum);
      }
    }
  }

  /**
   * An answer's output tokens per second, or 0 when it says nothing about throughput: over the time
   * from the first visible output to the end when that span measures generation, else over the
   * whole latency (an answer not streamed, or a stream that delivered everything in one burst,
   * where the span after the first output measures the socket: 200 tokens 10 µs apart are not 20
   * million tokens a second). A rate above {@link #MAX_TOKENS_PER_SECOND} even over the whole
   * latency is no measurement (a cached answer, a clock step) and is left out, so one such answer
   * cannot outweigh every honest one in the mean.
   */
  static double throughput(AttemptSample s) {
    if (s.completionTokens() <= 0 || s.firstToken() == null) {
      return 0;
    }
    long latency = s.latency().toNanos();
    long gen = latency - s.firstToken().toNanos();
    double tokens = s.completionTokens();
    if (gen > 0 && tokens / (gen / 1e9) <= MAX_TOKENS_PER_SECOND) {
      return tokens / (gen / 1e9);
    }
    if (latency > 0 && tokens / (latency / 1e9) <= MAX_TOKENS_PER_SECOND) {
      return tokens / (latency / 1e9);
    }
    return 0;
  }

  /** Every observed route's figures now, by route id. */
  public Map<String, RouteFigures> figures() {
    long now = ticker.read();
    Map<String, RouteFigures> out = new TreeMap<>();
    for (Map.Entry<String, Stats> e : routes.entrySet()) {
      Stats st = e.getValue();
      synchronized (st) {
        st.decayTo(now, halfLifeNanos);
        out.put(e.getKey(), st.figures(now));
      }
    }
    return out;
  }

  /** One route's decayed sums; guarded by its own monitor. */
  private static final class Stats {
    long at;
    long last;
    double attempts;
    double successes;
    double ttftWeight;
    double ttftSum;
    double tpsWeight;
    double tpsSum;
    double toolWeight;
    double toolValid;
    double costWeight;
    double costSum;
    final EnumMap<FailureCategory, Double> failures = new EnumMap<>(FailureCategory.class);

    Stats(long now) {
      at = now;
      last = now;
    }

    void decayTo(long now, double halfLifeNanos) {
      long dt = now - at;
      if (dt <= 0) {
        return;
      }
      double f = Math.pow(0.5, dt / halfLifeNanos);
      attempts *= f;
      successes *= f;
      ttftWeight *= f;
      ttftSum *= f;
      tpsWeight *= f;
      tpsSum *= f;
      toolWeight *= f;
      toolValid *= f;
      costWeight *= f;
      costSum *= f;
      failures.replaceAll((k, v) -> v * f);
      at = now;
    }

    RouteFigures figures(long now) {
      Map<FailureCategory, Double> shares = new EnumMap<>(FailureCategory.class);
      for (Map.Entry<FailureCategory, Double> f : failures.entrySet()) {
        shares.put(f.getKey(), f.getValue() / (attempts + 1));
      }
      return new RouteFigures(
          attempts,
          ttftWeight > 1e-9 ? ttftSum / ttftWeight : null,
          tpsWeight > 1e-9 ? tpsSum / tpsWeight : null,
          Math.min(1, (successes + 1) / (attempts + 1)),
          shares,
          Math.min(1, (toolValid + 1) / (toolWeight + 1)),
          costWeight > 1e-9 ? Math.min(1, costSum / costWeight) : null,
          Math.max(0, (now - last) / 1_000_000));
    }
  }
}
