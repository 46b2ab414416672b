package dev.orchestrator.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;

/**
 * What each client has spent on priced routes in the current UTC day and month. Windows roll over
 * by the injected {@link Clock}: the first spend or check after midnight UTC starts a new day (and
 * after the first of the month, a new month). With a file, every change is written atomically (a
 * temporary file moved into place) so spend survives a restart and a crash never leaves half a
 * file; spend is local to this process (a fleet shares nothing here). Thread-safe (one lock; a
 * write per priced answer).
 */
final class SpendLedger {
  private final Clock clock;
  private final Path file;
  private final Map<String, Spend> spend = new HashMap<>();

  private SpendLedger(Clock clock, Path file) {
    this.clock = clock;
    this.file = file;
  }

  /**
   * A ledger kept in {@code file} ({@code null}: memory only), loading what it holds.
   *
   * @throws UncheckedIOException when the file exists but cannot be read or parsed
   */
  static SpendLedger open(Clock clock, Path file) {
    SpendLedger l = new SpendLedger(clock, file);
    if (file != null) {
      l.load();
    }
    return l;
  }

  /** Adds {@code usd} to {@code client}'s spend in the current day and month. */
  synchronized void add(String client, BigDecimal usd) {
    if (usd == null || usd.signum() <= 0) {
      return;
    }
    Spend s = current(client);
    s.day = s.day.add(usd);
    s.month = s.month.add(usd);
    save();
  }

  /** {@code client}'s spend today (UTC). */
  synchronized BigDecimal today(String client) {
    return current(client).day;
  }

  /** {@code client}'s spend this month (UTC). */
  synchronized BigDecimal thisMonth(String client) {
    return current(client).month;
  }

  /**
   * How long until {@code client} may spend again, or {@code null} while it is within its budget:
   * the end of the UTC day when the daily budget is spent, the end of the month when the monthly
   * one is (the later when both are).
   */
  synchronized Duration exhaustedFor(ClientToken client) {
    Spend s = current(client.name());
    Instant now = clock.instant();
    Instant until = null;
    if (client.budgetUsdPerMonth() != null && s.month.compareTo(client.budgetUsdPerMonth()) >= 0) {
      until = s.monthKey.plusMonths(1).atDay(1).atStartOfDay().toInstant(ZoneOffset.UTC);
    } else if (client.budgetUsdPerDay() != null && s.day.compareTo(client.budgetUsdPerDay()) >= 0) {
      until = s.dayKey.plusDays(1).atStartOfDay().toInstant(ZoneOffset.UTC);
    }
    return until == null ? null : Duration.between(now, until);
  }

  private Spend current(String client) {
    LocalDate today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
    YearMonth month = YearMonth.from(today);
    Spend s = spend.computeIfAbsent(client, k -> new Spend(today, month));
    if (!s.dayKey.equals(today)) {
      s.dayKey = today;
      s.day = BigDecimal.ZERO;
    }
    if (!s.monthKey.equals(month)) {
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
      Files.createDirectories(file.toAbsolutePath().getParent());
      Path tmp = Files.createTempFile(file.toAbsolutePath().getParent(), ".spend-", ".tmp");
      try {
        Files.write(tmp, Json.MAPPER.writeValueAsBytes(root));
        try {
          Files.move(
              tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
          Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        }
      } finally {
        Files.deleteIfExists(tmp);
      }
    } catch (IOException e) {
      // The in-memory ledger stays right; only persistence is lost (logged by the caller's log).
      System.getLogger(SpendLedger.class.getName())
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
