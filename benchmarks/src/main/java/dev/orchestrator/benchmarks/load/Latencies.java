package dev.orchestrator.benchmarks.load;

import java.util.Arrays;
import java.util.Collection;

/**
 * Latency samples in nanoseconds: appended by one thread, merged and summarised after the run.
 * Exact percentiles (sorted samples, nearest rank), no histogram rounding. Not thread-safe: one
 * instance per caller thread, merged with {@link #merge}.
 */
public final class Latencies {
  private long[] values = new long[4096];
  private int size;

  /** Appends one sample. */
  public void add(long nanos) {
    if (size == values.length) {
      values = Arrays.copyOf(values, size * 2);
    }
    values[size++] = nanos;
  }

  /** How many samples. */
  public int size() {
    return size;
  }

  /** All samples of {@code parts} in one sorted instance. */
  public static Latencies merge(Collection<Latencies> parts) {
    Latencies all = new Latencies();
    int n = 0;
    for (Latencies p : parts) {
      n += p.size;
    }
    all.values = new long[Math.max(n, 1)];
    for (Latencies p : parts) {
      System.arraycopy(p.values, 0, all.values, all.size, p.size);
      all.size += p.size;
    }
    Arrays.sort(all.values, 0, all.size);
    return all;
  }

  /**
   * The {@code q}-quantile (0..1) by nearest rank of the sorted samples, in nanoseconds; 0 when
   * empty. Call on a merged (sorted) instance.
   */
  public long quantile(double q) {
    if (size == 0) {
      return 0;
    }
    int rank = (int) Math.ceil(q * size);
    return values[Math.min(size, Math.max(rank, 1)) - 1];
  }

  /** Mean in nanoseconds; 0 when empty. */
  public double mean() {
    if (size == 0) {
      return 0;
    }
    double sum = 0;
    for (int i = 0; i < size; i++) {
      sum += values[i];
    }
    return sum / size;
  }

  /** The largest sample; 0 when empty. Call on a merged (sorted) instance. */
  public long max() {
    return size == 0 ? 0 : values[size - 1];
  }
}
