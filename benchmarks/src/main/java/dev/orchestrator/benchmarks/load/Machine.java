package dev.orchestrator.benchmarks.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The machine a run happened on, for the record. */
final class Machine {
  private Machine() {}

  static Map<String, Object> describe() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("cpus", Runtime.getRuntime().availableProcessors());
    m.put("cpuModel", cpuModel());
    m.put("memTotal", firstLine(Path.of("/proc/meminfo"), "MemTotal"));
    m.put("loadAverage", read(Path.of("/proc/loadavg")));
    m.put(
        "jdk",
        System.getProperty("java.vm.name")
            + " "
            + System.getProperty("java.runtime.version")
            + " ("
            + System.getProperty("java.vm.vendor")
            + ")");
    m.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
    m.put("maxHeapMiB", Runtime.getRuntime().maxMemory() >> 20);
    return m;
  }

  private static String cpuModel() {
    return firstLine(Path.of("/proc/cpuinfo"), "model name");
  }

  private static String firstLine(Path p, String prefix) {
    try {
      List<String> lines = Files.readAllLines(p);
      for (String l : lines) {
        if (l.startsWith(prefix)) {
          return l.substring(l.indexOf(':') + 1).trim();
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux, or not readable
    }
    return "unknown";
  }

  private static String read(Path p) {
    try {
      return Files.readString(p).trim();
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }
}
