package dev.orchestrator.benchmarks.load;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * Where the bytes of a JFR recording went (docs/benchmarks.md §2): the weight of its {@code
 * jdk.ObjectAllocationSample} events grouped by the first frames of each stack that start with a
 * prefix, largest first, as shares of all the bytes sampled. A sample with no such frame is grouped
 * by its top frame; the HTTP client's and the loopback upstream's threads are marked.
 *
 * <pre>
 * java -XX:StartFlightRecording:filename=a.jfr,jdk.ObjectAllocationSample#throttle=20000/s \
 *   -XX:FlightRecorderOptions:stackdepth=128 -Xms1g -Xmx1g \
 *   -cp benchmarks/target/benchmarks.jar dev.orchestrator.benchmarks.load.AllocProbe \
 *   --targets in-process --modes nonstream --rounds 2 --calls 20000
 * java -cp benchmarks/target/benchmarks.jar dev.orchestrator.benchmarks.load.AllocSites a.jfr \
 *   [--prefix dev.orchestrator] [--depth 1] [--top 40]
 * </pre>
 */
public final class AllocSites {
  private AllocSites() {}

  /** One group: its key and the bytes sampled in it. */
  record Site(String key, long bytes) {}

  /** Prints the groups of the recording named by the first argument; see the class comment. */
  public static void main(String[] args) throws IOException {
    if (args.length == 0) {
      throw new IllegalArgumentException("a JFR file (expected: AllocSites FILE [--prefix P]…)");
    }
    String[] prefix = {"dev.orchestrator"};
    int[] depth = {1};
    int[] top = {40};
    Args.each(
        Arrays.copyOfRange(args, 1, args.length),
        Set.of(),
        (a, v) -> {
          switch (a) {
            case "--prefix" -> prefix[0] = v;
            case "--depth" -> depth[0] = (int) Args.bounded(a, v, 1, 64);
            case "--top" -> top[0] = (int) Args.bounded(a, v, 1, 10_000);
            default -> throw Args.unknown(a);
          }
        });
    List<RecordedEvent> events = RecordingFile.readAllEvents(Path.of(args[0]));
    long total = 0;
    for (RecordedEvent e : events) {
      if (e.getEventType().getName().equals("jdk.ObjectAllocationSample")) {
        total += e.getLong("weight");
      }
    }
    System.out.printf(Locale.ROOT, "bytes sampled: %,d%n", total);
    List<Site> sites = group(events, prefix[0], depth[0]);
    for (Site s : sites.subList(0, Math.min(top[0], sites.size()))) {
      System.out.printf(Locale.ROOT, "%6.2f%%  %s%n", 100.0 * s.bytes() / total, s.key());
    }
  }

  /** The allocation samples' weight by their first {@code depth} frames under {@code prefix}. */
  static List<Site> group(List<RecordedEvent> events, String prefix, int depth) {
    Map<String, Long> bytes = new HashMap<>();
    for (RecordedEvent e : events) {
      if (!e.getEventType().getName().equals("jdk.ObjectAllocationSample")) {
        continue;
      }
      bytes.merge(key(e, prefix, depth), e.getLong("weight"), Long::sum);
    }
    List<Site> out = new ArrayList<>();
    bytes.forEach((k, v) -> out.add(new Site(k, v)));
    out.sort((a, b) -> Long.compare(b.bytes(), a.bytes()));
    return out;
  }

  private static String key(RecordedEvent e, String prefix, int depth) {
    RecordedThread t = e.getThread("eventThread");
    String thread = t == null || t.getJavaName() == null ? "" : t.getJavaName();
    String mark =
        thread.startsWith("loopback-upstream")
            ? "[upstream] "
            : thread.startsWith("HttpClient") ? "[http client] " : "";
    RecordedStackTrace stack = e.getStackTrace();
    if (stack == null || stack.getFrames().isEmpty()) {
      return mark + "(no stack)";
    }
    StringBuilder key = new StringBuilder();
    int found = 0;
    for (RecordedFrame f : stack.getFrames()) {
      String frame = frame(f);
      if (frame.startsWith(prefix)) {
        key.append(found == 0 ? "" : " <- ").append(frame);
        if (++found == depth) {
          break;
        }
      }
    }
    return mark + (found > 0 ? key : "(top) " + frame(stack.getFrames().get(0)));
  }

  private static String frame(RecordedFrame f) {
    return f.getMethod().getType().getName()
        + "."
        + f.getMethod().getName()
        + ":"
        + f.getLineNumber();
  }
}
