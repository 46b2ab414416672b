package dev.orchestrator.benchmarks.load;

import dev.orchestrator.benchmarks.load.LoopbackUpstream.Action;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A seeded fault mix for the {@link LoopbackUpstream}: each request is a fault with probability
 * {@code rate}, the fault drawn uniformly from {@link #FAULTS}. Deterministic for a seed and a
 * request order; thread-safe. {@link #enabled} switches faults off (warm-up, cool-down). Routes of
 * a provider set {@link #hardDown} answer every request with one fault while faults are on, and the
 * mix records when each of their calls arrived, so the soak can count probes per open period.
 */
public final class FaultMix implements LoopbackUpstream.Behaviour {

  /** The faults injected, in equal shares. */
  public static final List<Action> FAULTS =
      List.of(
          Action.SERVER_ERROR,
          Action.UNAVAILABLE,
          Action.RATE_LIMITED,
          Action.RATE_LIMITED_RETRY_AFTER,
          Action.RESET,
          Action.STALL,
          Action.CUT,
          Action.SLOW_FIRST_TOKEN);

  private final double rate;
  private final long seed;
  private final List<Action> faults;
  private final AtomicLong sequence = new AtomicLong();
  private volatile boolean enabled = true;
  private volatile Set<String> down = Set.of();
  private volatile Action downAction = Action.UNAVAILABLE;
  private final Map<String, Queue<Long>> downCalls = new ConcurrentHashMap<>();

  /**
   * A mix.
   *
   * @param rate the share of requests that get a fault, 0..1
   * @param seed the random seed
   */
  public FaultMix(double rate, long seed) {
    this(rate, seed, FAULTS);
  }

  /**
   * A mix drawing its faults uniformly from {@code faults} (a subset of {@link #FAULTS}, e.g.
   * without the cuts after visible output, which no failover can answer).
   *
   * @param rate the share of requests that get a fault, 0..1
   * @param seed the random seed
   * @param faults the faults injected, in equal shares; not empty
   */
  public FaultMix(double rate, long seed, List<Action> faults) {
    if (faults.isEmpty()) {
      throw new IllegalArgumentException("faults: none given");
    }
    this.faults = List.copyOf(faults);
    if (!(rate >= 0 && rate <= 1)) {
      throw new IllegalArgumentException("fault rate: " + rate + " (expected: 0..1)");
    }
    this.rate = rate;
    this.seed = seed;
  }

  /** Turns fault injection on or off. */
  public void enabled(boolean on) {
    this.enabled = on;
  }

  /**
   * Takes the routes of {@code providers} hard down: while faults are on, each of their calls is
   * answered with {@code action}, and its arrival time ({@link System#nanoTime}) is recorded.
   */
  public void hardDown(Set<String> providers, Action action) {
    this.down = Set.copyOf(providers);
    this.downAction = action;
  }

  /** Arrival times ({@link System#nanoTime}) of the calls each hard-down route received. */
  public Map<String, List<Long>> downCalls() {
    Map<String, List<Long>> m = new java.util.TreeMap<>();
    downCalls.forEach((k, v) -> m.put(k, new ArrayList<>(v)));
    return m;
  }

  @Override
  public Action next(String routeId, boolean stream) {
    if (!enabled) {
      return Action.OK;
    }
    int slash = routeId.indexOf('/');
    if (down.contains(slash < 0 ? routeId : routeId.substring(0, slash))) {
      downCalls.computeIfAbsent(routeId, k -> new ConcurrentLinkedQueue<>()).add(System.nanoTime());
      return downAction;
    }
    SplittableRandom r =
        new SplittableRandom(seed ^ (sequence.incrementAndGet() * 0x9E3779B97F4A7C15L));
    if (r.nextDouble() >= rate) {
      return Action.OK;
    }
    return faults.get(r.nextInt(faults.size()));
  }
}
