package dev.orchestrator.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.cost.SpendStore;
import dev.orchestrator.engine.cost.SpendTotals;
import dev.orchestrator.engine.internal.AtomicFiles;
import dev.orchestrator.serve.http.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Spend counted by this process alone (ADR 0017, 0022): per client, the UTC day and month of the
 * latest instant seen — the first spend or check in a new day starts the day from zero (and in a
 * new month, the month); an earlier instant never moves them back (its check sees nothing of the
 * newer windows, its spend counts in the month only when the month is still the same). With a file,
 * every change is written atomically (a temporary file moved into place) so spend survives a
 * restart and a crash never leaves half a file; the store holds an exclusive lock on {@code
 * FILE.lock} beside it until {@link #close()}, so a second process (or store) cannot write its own
 * spend over this one's (ADR 0052). The default store of {@link OrchestratorServer}; a fleet shares
 * spend through {@code health-redis} instead. Thread-safe (one lock; a write per priced answer).
 */
public final class LocalSpendStore implements SpendStore {
  private final Path file;
  private final FileLock held;
  private final Map<String, Spend> spend = new HashMap<>();

  private LocalSpendStore(Path file, FileLock held) {
    this.file = file;
    this.held = held;
  }

  /** A store in memory only: spend is forgotten when the process ends. */
  public static LocalSpendStore inMemory() {
    return new LocalSpendStore(null, null);
  }

  /**
   * A store kept in {@code file} (created on the first spend), loading what it holds, and holding
   * the file until {@link #close()}.
   *
   * @throws UncheckedIOException when the file exists but cannot be read or parsed, or when another
   *     process or store holds it
   */
  public static LocalSpendStore open(Path file) {
    LocalSpendStore l = new LocalSpendStore(file, hold(Objects.requireNonNull(file, "file")));
    try {
      l.load();
    } catch (RuntimeException e) {
      l.close();
      throw e;
    }
    return l;
  }

  /** Locks {@code FILE.lock} (created with the directory), or says who holds it. */
  private static FileLock hold(Path file) {
    Path dir = file.toAbsolutePath().getParent();
    Path lockFile = dir.resolve(file.getFileName() + ".lock");
    FileLock lock = null;
    FileChannel channel = null;
    try {
      Files.createDirectories(dir);
      channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
      try {
        lock = channel.tryLock();
      } catch (OverlappingFileLockException heldHere) {
        // A store of this process holds it: as refused as another process.
      }
    } catch (IOException e) {
      closeQuietly(channel);
      throw new UncheckedIOException("cannot lock the spend file " + lockFile + ": " + e, e);
    }
    if (lock == null) {
      closeQuietly(channel);
      throw new UncheckedIOException(
          file
              + ": another process counts spend in "
              + dir
              + " (it holds "
              + lockFile.getFileName()
              + "), and two would each write their own spend over the other's (expected: a"
              + " --cache-dir of this process's own, or --health-store to share spend between"
              + " processes)",
          new FileSystemException(lockFile.toString(), null, "locked by another process"));
    }
    return lock;
  }

  private static void closeQuietly(FileChannel c) {
    if (c != null) {
      try {
        c.close();
      } catch (IOException ignored) {
        // Nothing was locked through it.
      }
    }
  }

  /** Lets another store or process hold the file; spend added after this is still written. */
  @Override
  public synchronized void close() {
    if (held != null && held.channel().isOpen()) {
      try {
        held.channel().close(); // releases the lock
      } catch (IOException e) {
        // The operating system releases it with the process at the latest.
      }
    }
  }

  @Override
  public synchronized void add(String client, Instant at, BigDecimal usd) {
    Objects.requireNonNull(client, "client");
    if (usd == null || usd.signum() <= 0) {
      return;
    }
    LocalDate day = SpendTotals.dayOf(at);
    Spend s = current(client, day);
    // An add for a window this store has moved past (an answer counted just after midnight with
    // the instant it ended just before) belongs to that window, which is no longer checked.
    if (s.dayKey.equals(day)) {
      s.day = s.day.add(usd);
    }
    if (s.monthKey.equals(YearMonth.from(day))) {
      s.month = s.month.add(usd);
    }
    save();
  }

  @Override
  public synchronized SpendTotals totals(String client, Instant at) {
    LocalDate day = SpendTotals.dayOf(at);
    YearMonth month = YearMonth.from(day);
    Spend s = current(Objects.requireNonNull(client, "client"), day);
    return new SpendTotals(
        day,
        s.dayKey.equals(day) ? s.day : BigDecimal.ZERO,
        month,
        s.monthKey.equals(month) ? s.month : BigDecimal.ZERO);
  }

  /**
   * {@code client}'s spend, its windows moved forward to {@code day} and its month when they are
   * older — never back: an instant before the latest one seen (a request that read the clock just
   * before midnight) must not wipe the newer window's spend.
   */
  private Spend current(String client, LocalDate day) {
    YearMonth month = YearMonth.from(day);
    Spend s = spend.computeIfAbsent(client, k -> new Spend(day, month));
    if (day.isAfter(s.dayKey)) {
      s.dayKey = day;
      s.day = BigDecimal.ZERO;
    }
    if (month.isAfter(s.monthKey)) {
      s.monthKey = month;
      s.month = BigDecimal.ZERO;
    }
    return s;
  }

  private void load() {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException absent) {
      return;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the spend file " + file + ": " + e, e);
    }
    try {
      JsonNode clients = Json.MAPPER.readTree(text).path("clients");
      for (Map.Entry<String, JsonNode> e : clients.properties()) {
        JsonNode n = e.getValue();
        Spend s =
            new Spend(
                LocalDate.parse(n.path("day").asText()), YearMonth.parse(n.path("month").asText()));
        s.day = new BigDecimal(n.path("daySpendUsd").asText("0"));
        s.month = new BigDecimal(n.path("monthSpendUsd").asText("0"));
        spend.put(e.getKey(), s);
      }
    } catch (IOException | RuntimeException e) {
      throw new UncheckedIOException(
          "cannot parse the spend file "
              + file
              + ": "
              + e.getMessage()
              + " (expected: JSON written by serve; delete it to start from zero)",
          e instanceof IOException ? (IOException) e : new IOException(e));
    }
  }

  private void save() {
    if (file == null) {
      return;
    }
    ObjectNode root = Json.MAPPER.createObjectNode();
    root.put("version", 1);
    ObjectNode clients = root.putObject("clients");
    spend.forEach(
        (name, s) -> {
          ObjectNode n = clients.putObject(name);
          n.put("day", s.dayKey.toString());
          n.put("daySpendUsd", s.day.toPlainString());
          n.put("month", s.monthKey.toString());
          n.put("monthSpendUsd", s.month.toPlainString());
        });
    try {
      AtomicFiles.replace(file, Json.MAPPER.writeValueAsBytes(root));
    } catch (IOException e) {
      // The in-memory ledger stays right; only persistence is lost (logged by the caller's log).
      System.getLogger(LocalSpendStore.class.getName())
          .log(System.Logger.Level.WARNING, "cannot write the spend file {0}: {1}", file, e);
    }
  }

  private static final class Spend {
    LocalDate dayKey;
    YearMonth monthKey;
    BigDecimal day = BigDecimal.ZERO;
    BigDecimal month = BigDecimal.ZERO;

    Spend(LocalDate dayKey, YearMonth monthKey) {
      this.dayKey = dayKey;
      this.monthKey = monthKey;
    }
  }
}
