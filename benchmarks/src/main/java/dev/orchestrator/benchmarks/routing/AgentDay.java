package dev.orchestrator.benchmarks.routing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A simulated day of agent sessions, from a seed: Poisson arrivals whose rate follows a working day
 * (quiet nights, busy mornings and afternoons), plus four bursts of 60 sessions within a minute;
 * each session runs 3 to 12 model steps with 5 to 60 s of thinking between them.
 */
final class AgentDay {
  /**
   * One session.
   *
   * @param freeTier whether its user asks for {@code orchestrator/free} (two in five do), else
   *     {@code orchestrator/auto}
   */
  record Session(int id, long startNanos, int agent, int steps, long seed, boolean freeTier) {}

  private AgentDay() {}

  /** Sessions starting per minute at hour {@code h} of the day. */
  private static double rate(int h) {
    if (h < 7) {
      return 1;
    }
    if (h < 9 || h == 12) {
      return 3;
    }
    if (h < 18) {
      return 6;
    }
    return 2;
  }

  private static final int[] BURST_MINUTES = {10 * 60, 14 * 60 + 30, 16 * 60, 21 * 60};

  static List<Session> sessions(long seed) {
    Random r = new Random(seed);
    List<Session> out = new ArrayList<>();
    long minute = Duration.ofMinutes(1).toNanos();
    for (int m = 0; m < 24 * 60; m++) {
      int n = poisson(r, rate(m / 60));
      for (int b : BURST_MINUTES) {
        if (b == m) {
          n += 60;
        }
      }
      for (int i = 0; i < n; i++) {
        long start = m * minute + (long) (r.nextDouble() * minute);
        out.add(
            new Session(
                out.size(),
                start,
                r.nextInt(3),
                3 + r.nextInt(10),
                r.nextLong(),
                r.nextInt(5) < 2));
      }
    }
    return out;
  }

  private static int poisson(Random r, double lambda) {
    double l = Math.exp(-lambda);
    double p = 1;
    int k = 0;
    do {
      k++;
      p *= r.nextDouble();
    } while (p > l);
    return k - 1;
  }
}
