package dev.orchestrator.catalog;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.internal.AtomicFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The last good copy of each catalog source (docs/design.md §7), so that a restart without network
 * still has it and every command can use what another fetched. One file per source under {@code
 * DIR/catalog/}, named by a hash of the source (a URL may hold a token; the name never shows it),
 * holding the source as shown ({@link CatalogRefresher#shown}: a URL's user information and query
 * values hidden, so the file holds no credential), the time of the fetch and the text; written
 * atomically (a temporary file moved into place), so a reader never sees half a copy. A copy
 * written before sources were stored as shown (the source as given) is still read. Copies are also
 * kept in memory, so a read-only or full disk costs persistence, never the copy in use.
 *
 * <p>The default directory is {@code $XDG_CACHE_HOME/orchestrator}, else {@code
 * ~/.cache/orchestrator} ({@link #defaultDirectory()}). Thread-safe.
 */
public final class SourceCache {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path dir;
  private final Clock clock;
  private final Map<String, Entry> memory = new ConcurrentHashMap<>();

  private SourceCache(Path dir, Clock clock) {
    this.dir = dir;
    this.clock = clock;
  }

  /**
   * A cache under {@code directory} ({@code null}: memory only), stamping fetches with {@code
   * clock}.
   */
  public static SourceCache at(Path directory, Clock clock) {
    return new SourceCache(directory, Objects.requireNonNull(clock, "clock"));
  }

  /** A cache under {@code directory} on the system clock. */
  public static SourceCache at(Path directory) {
    return at(directory, Clock.systemUTC());
  }

  /** {@code $XDG_CACHE_HOME/orchestrator}, or {@code ~/.cache/orchestrator} when it is unset. */
  public static Path defaultDirectory() {
    String xdg = System.getenv("XDG_CACHE_HOME");
    if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) {
      return Path.of(xdg, "orchestrator");
    }
    return Path.of(System.getProperty("user.home"), ".cache", "orchestrator");
  }

  /** The directory, or {@code null} for a memory-only cache. */
  public Path directory() {
    return dir;
  }

  /**
   * Keeps {@code text} as the last good copy of {@code source}, fetched now.
   *
   * @return the entry kept
   * @throws UncheckedIOException when the copy cannot be written to disk (the memory copy is kept)
   */
  public Entry store(String source, String text) {
    Entry e = new Entry(source, text, clock.instant());
    memory.put(source, e);
    if (dir != null) {
      write(e);
    }
    return e;
  }

  /**
   * Puts {@code entry} back as its source's last good copy, with the time it was fetched then: for
   * a caller that took a newer copy but could not use it (a copy that does not merge with the other
   * sources), so that the cache and the catalog's age stay those of the catalog in force.
   *
   * @throws UncheckedIOException when the copy cannot be written to disk (the memory copy is kept)
   */
  public void restore(Entry entry) {
    Objects.requireNonNull(entry, "entry");
    memory.put(entry.source(), entry);
    if (dir != null) {
      write(entry);
    }
  }

  /**
   * The last good copy of {@code source}: the one kept in memory, else the one on disk; empty when
   * there is none or the file is unreadable (a damaged copy is no copy).
   */
  public Optional<Entry> load(String source) {
    Entry e = memory.get(source);
    if (e != null || dir == null) {
      return Optional.ofNullable(e);
    }
    Path file = file(source);
    try {
      JsonNode n = JSON.readTree(Files.readString(file, StandardCharsets.UTF_8));
      String kept = n.path("source").asText(null);
      boolean same = source.equals(kept) || CatalogRefresher.shown(source).equals(kept);
      if (!same || !n.path("text").isTextual()) {
        return Optional.empty();
      }
      Entry read =
          new Entry(source, n.get("text").textValue(), Instant.parse(n.path("fetchedAt").asText()));
      memory.putIfAbsent(source, read);
      return Optional.of(memory.get(source));
    } catch (NoSuchFileException missing) {
      return Optional.empty();
    } catch (IOException | DateTimeParseException damaged) {
      return Optional.empty();
    }
  }

  /** The file holding {@code source}'s copy. */
  public Path file(String source) {
    if (dir == null) {
      throw new IllegalStateException("memory-only cache");
    }
    return dir.resolve("catalog").resolve(hash(source) + ".json");
  }

  private void write(Entry e) {
    Path target = file(e.source());
    try {
      ObjectNode n = JSON.createObjectNode();
      // Never a credential on disk: the file is named by the hash of the source as given.
      n.put("source", CatalogRefresher.shown(e.source()));
      n.put("fetchedAt", e.fetchedAt().toString());
      n.put("text", e.text());
      AtomicFiles.replace(target, JSON.writeValueAsString(n).getBytes(StandardCharsets.UTF_8));
    } catch (JsonProcessingException ex) {
      throw new IllegalStateException(ex);
    } catch (IOException ex) {
      throw new UncheckedIOException("cannot write the catalog cache " + target + ": " + ex, ex);
    }
  }

  private static String hash(String s) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(d, 0, 16);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required by every Java platform", e);
    }
  }

  /**
   * One source's last good copy. Immutable.
   *
   * @param source the source as given ({@code --source})
   * @param text its text
   * @param fetchedAt when it was fetched
   */
  public record Entry(String source, String text, Instant fetchedAt) {
    /** Validates. */
    public Entry {
      Objects.requireNonNull(source, "source");
      Objects.requireNonNull(text, "text");
      Objects.requireNonNull(fetchedAt, "fetchedAt");
    }
  }
}
