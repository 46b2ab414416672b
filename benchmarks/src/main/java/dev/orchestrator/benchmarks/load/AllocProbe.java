package dev.orchestrator.benchmarks.load;

import java.lang.management.ManagementFactory;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Bytes allocated per call (docs/benchmarks.md §2): the load harness's raw and in-process targets,
 * JSON and SSE, called back to back by one caller thread against the loopback upstream, and the
 * bytes every thread of this JVM allocated over the measured calls ({@code
 * com.sun.management.ThreadMXBean#getThreadAllocatedBytes}) divided by the calls. Unlike CPU time,
 * the figure barely moves when other processes load the machine, so it is the A/B measure of
 * per-call work on a shared machine. The in-process row minus the raw row is what the orchestrator
 * adds; the caller's column is the calling thread alone (the orchestrator's own work and the
 * response's decoding), the rest the HTTP client's selector thread and the upstream.
 *
 * <p>Threads that start and end inside the measured calls are not counted (none do once the
 * connection pool is warm: the warm-up calls open every connection first).
 *
 * <pre>
 * java -Xms1g -Xmx1g -cp benchmarks/target/benchmarks.jar dev.orchestrator.benchmarks.load.AllocProbe \
 *   [--calls 10000] [--warmup-calls 5000] [--rounds 3] [--targets raw,in-process]
 *   [--modes nonstream,stream]
 * </pre>
 *
 * <p>Each cell prints the median of its rounds (each round {@code --calls} calls after the cell's
 * warm-up) and the spread of the rounds.
 */
public final class AllocProbe {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  private AllocProbe() {}

  /** The bytes one cell allocated per call: every thread, and the caller thread alone. */
  record Cell(String target, String mode, double[] total, double[] caller) {
    String row() {
      return String.format(
          Locale.ROOT,
          "%-11s %-9s %10.0f %10.0f   (rounds: %s)",
          target,
          mode,
          median(total),
          median(caller),
          rounds(total));
    }
  }

  /** Runs the probe; see the class comment for the options. */
  public static void main(String[] args) throws Exception {
    Options o = Options.parse(args);
    System.out.println("machine: " + Machine.describe());
    List<Cell> cells = run(o, c -> System.out.println(c.row()));
    System.out.println();
    System.out.println(
        String.format(Locale.ROOT, "%-11s %-9s %10s %10s", "target", "mode", "B/call", "caller B"));
    cells.forEach(c -> System.out.println(c.row()));
    for (String mode : o.modes) {
      Cell raw = find(cells, "raw", mode);
      Cell in = find(cells, "in-process", mode);
      if (raw != null && in != null) {
        System.out.println(
            String.format(
                Locale.ROOT,
                "in-process over raw, %s: %+.0f B/call",
                mode,
                median(in.total) - median(raw.total)));
      }
    }
  }

  /**
   * Measures every cell of {@code o} against a fresh loopback upstream; each goes to {@code out}.
   */
  static List<Cell> run(Options o, Consumer<Cell> out) throws Exception {
    if (!THREADS.isThreadAllocatedMemorySupported()) {
      throw new IllegalStateException("this JVM cannot count allocated bytes per thread");
    }
    THREADS.setThreadAllocatedMemoryEnabled(true);
    List<Cell> cells = new ArrayList<>();
    try (LoopbackUpstream upstream = LoopbackUpstream.start()) {
      for (String name : o.targets) {
        try (Target t = target(name, upstream)) {
          for (String mode : o.modes) {
            Cell c = measure(t, mode, o);
            out.accept(c);
            cells.add(c);
          }
        }
      }
    }
    return cells;
  }

  static Target target(String name, LoopbackUpstream upstream) {
    return switch (name) {
      case "raw" ->
          new HttpTarget(
              "raw",
              URI.create(upstream.baseUrl("bench-a") + "/chat/completions"),
              Map.of(),
              Bodies.MODEL,
              Duration.ofSeconds(30));
      case "in-process" -> new InProcessTarget(upstream);
      default ->
          throw new IllegalArgumentException(
              "--targets: " + name + " (expected: raw or in-process)");
    };
  }

  static Cell measure(Target t, String mode, Options o) throws Exception {
    boolean stream = mode.equals("stream");
    Target.Probe probe = new Target.Probe();
    for (int i = 0; i < o.warmupCalls; i++) {
      probe.reset();
      t.call(stream, probe);
    }
    double[] total = new double[o.rounds];
    double[] caller = new double[o.rounds];
    long self = Thread.currentThread().getId();
    for (int r = 0; r < o.rounds; r++) {
      long[] ids = THREADS.getAllThreadIds();
      long[] before = THREADS.getThreadAllocatedBytes(ids);
      long selfBefore = THREADS.getThreadAllocatedBytes(self);
      for (int i = 0; i < o.calls; i++) {
        probe.reset();
        t.call(stream, probe);
      }
      long selfAfter = THREADS.getThreadAllocatedBytes(self);
      long[] after = THREADS.getThreadAllocatedBytes(ids);
      long sum = 0;
      for (int k = 0; k < ids.length; k++) {
        if (before[k] >= 0 && after[k] >= 0) { // -1: the thread ended
          sum += after[k] - before[k];
        }
      }
      total[r] = (double) sum / o.calls;
      caller[r] = (double) (selfAfter - selfBefore) / o.calls;
    }
    return new Cell(t.name(), mode, total, caller);
  }

  private static Cell find(List<Cell> cells, String target, String mode) {
    for (Cell c : cells) {
      if (c.target.equals(target) && c.mode.equals(mode)) {
        return c;
      }
    }
    return null;
  }

  static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    int n = s.length;
    return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  }

  private static String rounds(double[] v) {
    StringBuilder sb = new StringBuilder();
    for (double d : v) {
      sb.append(sb.length() == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.0f", d));
    }
    return sb.toString();
  }

  static final class Options {
    int calls = 10_000;
    int warmupCalls = 5_000;
    int rounds = 3;
    List<String> targets = List.of("raw", "in-process");
    List<String> modes = List.of("nonstream", "stream");

    static Options parse(String[] args) {
      Options o = new Options();
      Args.each(
          args,
          Set.of(),
          (a, v) -> {
            switch (a) {
              case "--calls" -> o.calls = (int) Args.bounded(a, v, 1, 10_000_000);
              case "--warmup-calls" -> o.warmupCalls = (int) Args.bounded(a, v, 0, 10_000_000);
              case "--rounds" -> o.rounds = (int) Args.bounded(a, v, 1, 100);
              case "--targets" -> {
                o.targets = List.of(v.split(","));
                o.targets.forEach(t -> Args.oneOf(a, t, "raw", "in-process"));
              }
              case "--modes" -> {
                o.modes = List.of(v.split(","));
                o.modes.forEach(m -> Args.oneOf(a, m, "nonstream", "stream"));
              }
              default -> throw Args.unknown(a);
            }
          });
      return o;
    }
  }
}
