package dev.orchestrator.benchmarks.load;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs one closed-loop cell: {@code concurrency} caller threads send back to back for a warm-up and
 * then a measured window; only calls that start and end inside the window count. Every thread stops
 * by itself when the window ends (a call in flight then finishes, bounded by the target's own
 * timeout).
 */
public final class Runner {
  private Runner() {}

  /**
   * The summary of one cell.
   *
   * @param target the target's name
   * @param stream whether the calls streamed
   * @param concurrency caller threads
   * @param ok successful calls measured
   * @param errors failed calls measured
   * @param seconds the measured window
   * @param p50 median latency, µs
   * @param p99 99th percentile latency, µs
   * @param p999 99.9th percentile latency, µs
   * @param max largest latency, µs
   * @param ttftP50 median time to first token, µs (streams; 0 otherwise)
   * @param ttftP99 99th percentile time to first token, µs (streams; 0 otherwise)
   * @param firstError the first error's message, or {@code null}
   * @param cpuUsPerCall this JVM's CPU time over the measured window (every thread: callers, the
   *     HTTP client, the loopback upstream, GC) divided by the successful calls, µs; 0 when the JVM
   *     cannot tell. Unlike latency it hardly moves when other processes load the machine, so it is
   *     the A/B measure of per-call work
   * @param processCpuUsPerCall the CPU time of the target's own process (a gateway the harness
   *     started, {@link JvmMeter}) over the measured window divided by the successful calls, µs; 0
   *     when not metered
   * @param processAllocBytesPerCall the bytes that process allocated over the measured window
   *     divided by the successful calls; 0 when not metered
   */
  public record Cell(
      String target,
      boolean stream,
      int concurrency,
      long ok,
      long errors,
      double seconds,
      double p50,
      double p99,
      double p999,
      double max,
      double ttftP50,
      double ttftP99,
      String firstError,
      double cpuUsPerCall,
      double processCpuUsPerCall,
      double processAllocBytesPerCall) {
    /** Successful calls per second. */
    public double throughput() {
      return ok / seconds;
    }
  }

  /** Runs a cell. */
  public static Cell run(
      Target target, int concurrency, boolean stream, long warmupMillis, long measureMillis)
      throws InterruptedException {
    return run(target, concurrency, stream, warmupMillis, measureMillis, null);
  }

  /**
   * Runs a cell, reading {@code meter} (the target's own process, or {@code null}) at the start and
   * the end of the measured window.
   */
  static Cell run(
      Target target,
      int concurrency,
      boolean stream,
      long warmupMillis,
      long measureMillis,
      JvmMeter meter)
      throws InterruptedException {
    List<Latencies> latencies = new ArrayList<>();
    List<Latencies> ttfts = new ArrayList<>();
    AtomicLong errors = new AtomicLong();
    AtomicReference<String> firstError = new AtomicReference<>();
    CountDownLatch ready = new CountDownLatch(concurrency);
    CountDownLatch go = new CountDownLatch(1);
    long[] window = new long[2];
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < concurrency; i++) {
      Latencies lat = new Latencies();
      Latencies ttft = new Latencies();
      latencies.add(lat);
      ttfts.add(ttft);
      Thread t =
          new Thread(
              () -> {
                Target.Probe probe = new Target.Probe();
                ready.countDown();
                try {
                  go.await();
                } catch (InterruptedException e) {
                  return;
                }
                long from = window[0];
                long to = window[1];
                while (true) {
                  long t0 = System.nanoTime();
                  if (t0 >= to) {
                    return;
                  }
                  probe.reset();
                  try {
                    target.call(stream, probe);
                    long t1 = System.nanoTime();
                    if (t0 >= from && t1 <= to) {
                      lat.add(t1 - t0);
                      if (stream) {
                        ttft.add(probe.firstTokenAt() - t0);
                      }
                    }
                  } catch (Exception e) {
                    if (t0 >= from) {
                      errors.incrementAndGet();
                      firstError.compareAndSet(null, String.valueOf(e));
                    }
                  }
                }
              },
              "load-" + target.name() + "-" + i);
      t.setDaemon(true);
      threads.add(t);
      t.start();
    }
    ready.await();
    long start = System.nanoTime();
    window[0] = start + warmupMillis * 1_000_000L;
    window[1] = window[0] + measureMillis * 1_000_000L;
    go.countDown(); // publishes window[] to the callers
    long cpuFrom = cpuAt(window[0]);
    JvmMeter.Reading processFrom = meter == null ? null : meter.read();
    long cpuTo = cpuAt(window[1]);
    JvmMeter.Reading processTo = meter == null ? null : meter.read();
    for (Thread t : threads) {
      t.join();
    }
    Latencies all = Latencies.merge(latencies);
    Latencies first = Latencies.merge(ttfts);
    long n = all.size();
    boolean metered = processFrom != null && n > 0;
    return new Cell(
        target.name(),
        stream,
        concurrency,
        all.size(),
        errors.get(),
        measureMillis / 1000.0,
        all.quantile(0.50) / 1000.0,
        all.quantile(0.99) / 1000.0,
        all.quantile(0.999) / 1000.0,
        all.max() / 1000.0,
        first.quantile(0.50) / 1000.0,
        first.quantile(0.99) / 1000.0,
        firstError.get(),
        cpuFrom < 0 || cpuTo < 0 || n == 0 ? 0 : (cpuTo - cpuFrom) / 1000.0 / n,
        metered ? (processTo.cpuNanos() - processFrom.cpuNanos()) / 1000.0 / n : 0,
        metered ? (double) processTo.allocatedSince(processFrom) / n : 0);
  }

  /**
   * Waits (on a bounded deadline) until {@code at}, then returns this JVM's CPU time, ns, or -1.
   */
  private static long cpuAt(long at) throws InterruptedException {
    long wait = at - System.nanoTime();
    if (wait > 0) {
      Thread.sleep(wait / 1_000_000L, (int) (wait % 1_000_000L));
    }
    return ManagementFactory.getOperatingSystemMXBean()
            instanceof com.sun.management.OperatingSystemMXBean os
        ? os.getProcessCpuTime()
        : -1;
  }
}
