package dev.orchestrator.health.redis;

import dev.orchestrator.engine.internal.AtomicFiles;
import java.io.IOException;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The fleet's spend as this process last knew it, kept in a local file so that a process started
 * while Redis is unreachable enforces budgets from it, not from nothing (ADR 0052). One line per
 * spend window: its end (wall ms), the fleet's spend in it (nano-USD) and its key, URL-encoded.
 * Each write merges with what the file holds, keeping each window's larger total, so processes
 * sharing the file (replicas on one host) only add to what it knows; two writing at once may lose
 * one's update until its next write, which leaves a total lower than the fleet's, never higher. A
 * file that cannot be read or written is logged once and costs only that floor. Thread-safe.
 */
final class SpendFile {
  private static final System.Logger LOG = System.getLogger(RedisHealthStore.class.getName());
  private static final String HEADER =
      "# orchestrator fleet spend 1: window end (ms), the fleet's spend (nano-USD), window key\n";

  /** A window's end (wall ms) and the fleet's spend in it (nano-USD). */
  record Total(long endMillis, long nanos) {}

  private final Path file;
  private final AtomicBoolean warned = new AtomicBoolean();

  SpendFile(Path file) {
    this.file = file.toAbsolutePath();
  }

  /** What the file holds, by window key; empty when it is absent or unreadable (logged once). */
  Map<String, Total> read() {
    Map<String, Total> out = new HashMap<>();
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException absent) {
      return out;
    } catch (IOException e) {
      warn("cannot read", e);
      return out;
    }
    for (String line : text.split("\n")) {
      String[] f = line.split(" ", 3);
      if (line.startsWith("#") || f.length < 3) {
        continue;
      }
      try {
        Total t = new Total(Long.parseLong(f[0]), Long.parseLong(f[1]));
        out.merge(URLDecoder.decode(f[2], StandardCharsets.UTF_8), t, SpendFile::larger);
      } catch (IllegalArgumentException e) {
        // A damaged line is one window's floor lost, not the file's.
      }
    }
    return out;
  }

  /**
   * Writes {@code totals} merged with what the file holds, dropping windows that ended before
   * {@code dropBeforeMillis}; atomically (a temporary file moved into place).
   */
  void write(Map<String, Total> totals, long dropBeforeMillis) {
    Map<String, Total> all = read();
    totals.forEach((key, t) -> all.merge(key, t, SpendFile::larger));
    StringBuilder text = new StringBuilder(HEADER);
    all.forEach(
        (key, t) -> {
          if (t.endMillis() >= dropBeforeMillis) {
            text.append(t.endMillis())
                .append(' ')
                .append(t.nanos())
                .append(' ')
                .append(URLEncoder.encode(key, StandardCharsets.UTF_8))
                .append('\n');
          }
        });
    try {
      AtomicFiles.replace(file, text.toString().getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      warn("cannot write", e);
    }
  }

  private static Total larger(Total a, Total b) {
    return a.nanos() >= b.nanos() ? a : b;
  }

  private void warn(String what, IOException e) {
    if (warned.compareAndSet(false, true)) {
      LOG.log(
          System.Logger.Level.WARNING,
          "fleet spend file {0}: {1} ({2}); a process started while Redis is unreachable starts"
              + " from what it can read",
          file,
          what,
          e.toString());
    }
  }
}
