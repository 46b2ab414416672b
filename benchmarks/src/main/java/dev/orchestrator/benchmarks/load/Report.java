package dev.orchestrator.benchmarks.load;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Tables and ratios of a load run. */
final class Report {
  static final String CELL_HEADER =
      String.format(
          Locale.ROOT,
          "%-15s %-9s %5s %9s %9s %9s %9s %10s %7s %9s %9s %8s %8s %8s",
          "target",
          "mode",
          "conc",
          "p50 µs",
          "p99 µs",
          "p99.9 µs",
          "max µs",
          "req/s",
          "errors",
          "ttft p50",
          "ttft p99",
          "cpu µs",
          "own µs",
          "own KB");

  private Report() {}

  static String row(Runner.Cell c) {
    String s =
        String.format(
            Locale.ROOT,
            "%-15s %-9s %5d %9.1f %9.1f %9.1f %9.1f %10.0f %7d %9s %9s %8.1f %8s %8s",
            c.target(),
            c.stream() ? "stream" : "nonstream",
            c.concurrency(),
            c.p50(),
            c.p99(),
            c.p999(),
            c.max(),
            c.throughput(),
            c.errors(),
            c.stream() ? String.format(Locale.ROOT, "%.1f", c.ttftP50()) : "-",
            c.stream() ? String.format(Locale.ROOT, "%.1f", c.ttftP99()) : "-",
            c.cpuUsPerCall(),
            c.processAllocBytesPerCall() > 0
                ? String.format(Locale.ROOT, "%.1f", c.processCpuUsPerCall())
                : "-",
            c.processAllocBytesPerCall() > 0
                ? String.format(Locale.ROOT, "%.2f", c.processAllocBytesPerCall() / 1024)
                : "-");
    return c.firstError() == null ? s : s + "   first error: " + c.firstError();
  }

  /**
   * Per mode and concurrency, every target against the raw baseline: added median and p99 (µs, and
   * the median as a percentage of raw), throughput as a ratio to raw, added time to first token;
   * and {@code serve} against Portkey: the ratio of their added p99 and of their throughput.
   */
  static List<Map<String, Object>> compare(List<Runner.Cell> cells) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Runner.Cell raw : cells) {
      if (!raw.target().equals("raw")) {
        continue;
      }
      Runner.Cell portkey = find(cells, "portkey", raw.stream(), raw.concurrency());
      for (Runner.Cell c : cells) {
        if (c.target().equals("raw")
            || c.stream() != raw.stream()
            || c.concurrency() != raw.concurrency()) {
          continue;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("mode", c.stream() ? "stream" : "nonstream");
        m.put("concurrency", c.concurrency());
        m.put("target", c.target());
        m.put("p50Us", round(c.p50()));
        m.put("p99Us", round(c.p99()));
        m.put("throughput", round(c.throughput()));
        m.put("errors", c.errors());
        m.put("rawP50Us", round(raw.p50()));
        m.put("rawP99Us", round(raw.p99()));
        m.put("rawThroughput", round(raw.throughput()));
        m.put("addedP50Us", round(c.p50() - raw.p50()));
        m.put("addedP50Pct", round(100 * (c.p50() - raw.p50()) / raw.p50()));
        m.put("addedP99Us", round(c.p99() - raw.p99()));
        m.put("throughputVsRaw", round3(c.throughput() / raw.throughput()));
        m.put("cpuUsPerCall", round(c.cpuUsPerCall()));
        m.put("rawCpuUsPerCall", round(raw.cpuUsPerCall()));
        if (c.processAllocBytesPerCall() > 0) {
          m.put("processCpuUsPerCall", round(c.processCpuUsPerCall()));
          m.put("processAllocKbPerCall", round(c.processAllocBytesPerCall() / 1024));
        }
        if (c.stream()) {
          m.put("addedTtftP50Us", round(c.ttftP50() - raw.ttftP50()));
          m.put("addedTtftP99Us", round(c.ttftP99() - raw.ttftP99()));
        }
        if (!c.target().equals("portkey") && portkey != null) {
          double pkAddedP99 = portkey.p99() - raw.p99();
          m.put("portkeyAddedP99Us", round(pkAddedP99));
          m.put("addedP99VsPortkey", round3((c.p99() - raw.p99()) / pkAddedP99));
          m.put("throughputVsPortkey", round3(c.throughput() / portkey.throughput()));
        }
        out.add(m);
      }
    }
    return out;
  }

  static String markdown(List<Map<String, Object>> comparison) {
    StringBuilder sb = new StringBuilder();
    for (String mode : List.of("nonstream", "stream")) {
      boolean any = comparison.stream().anyMatch(m -> mode.equals(m.get("mode")));
      if (!any) {
        continue;
      }
      boolean stream = mode.equals("stream");
      sb.append("### ").append(stream ? "Streaming" : "Non-streaming").append("\n\n");
      sb.append(
          "| callers | target | p50 µs | p99 µs | req/s | raw p50 / p99 µs | raw req/s |"
              + " added p50 µs (% of raw) | added p99 µs | throughput × raw |");
      sb.append(stream ? " added TTFT p50 / p99 µs |" : " errors |");
      sb.append(" CPU µs/call (raw's) | own process CPU µs / KB per call |\n");
      sb.append("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
      for (Map<String, Object> m : comparison) {
        if (!mode.equals(m.get("mode"))) {
          continue;
        }
        sb.append(
            String.format(
                Locale.ROOT,
                "| %s | %s | %s | %s | %s | %s / %s | %s | %s (%s %%) | %s | %s |",
                m.get("concurrency"),
                m.get("target"),
                m.get("p50Us"),
                m.get("p99Us"),
                m.get("throughput"),
                m.get("rawP50Us"),
                m.get("rawP99Us"),
                m.get("rawThroughput"),
                m.get("addedP50Us"),
                m.get("addedP50Pct"),
                m.get("addedP99Us"),
                m.get("throughputVsRaw")));
        sb.append(
                stream
                    ? " " + m.get("addedTtftP50Us") + " / " + m.get("addedTtftP99Us") + " |"
                    : " " + m.get("errors") + " |")
            .append(
                String.format(
                    Locale.ROOT, " %s (%s) |", m.get("cpuUsPerCall"), m.get("rawCpuUsPerCall")))
            .append(
                m.containsKey("processCpuUsPerCall")
                    ? " " + m.get("processCpuUsPerCall") + " / " + m.get("processAllocKbPerCall")
                    : " –")
            .append(" |\n");
      }
      sb.append('\n');
    }
    boolean peer = comparison.stream().anyMatch(m -> m.containsKey("addedP99VsPortkey"));
    if (peer) {
      sb.append("### Against Portkey (non-streaming)\n\n");
      sb.append(
          "| callers | target | added p99 µs | Portkey added p99 µs | added p99 ÷ Portkey's |"
              + " throughput ÷ Portkey's |\n");
      sb.append("|---:|---|---:|---:|---:|---:|\n");
      for (Map<String, Object> m : comparison) {
        if (m.containsKey("addedP99VsPortkey")) {
          sb.append(
              String.format(
                  Locale.ROOT,
                  "| %s | %s | %s | %s | %s | %s |%n",
                  m.get("concurrency"),
                  m.get("target"),
                  m.get("addedP99Us"),
                  m.get("portkeyAddedP99Us"),
                  m.get("addedP99VsPortkey"),
                  m.get("throughputVsPortkey")));
        }
      }
    }
    return sb.toString();
  }

  private static Runner.Cell find(List<Runner.Cell> cells, String target, boolean s, int c) {
    for (Runner.Cell x : cells) {
      if (x.target().equals(target) && x.stream() == s && x.concurrency() == c) {
        return x;
      }
    }
    return null;
  }

  private static double round(double v) {
    return Math.round(v * 10) / 10.0;
  }

  private static double round3(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
