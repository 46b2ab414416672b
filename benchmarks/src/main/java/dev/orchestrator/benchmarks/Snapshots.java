package dev.orchestrator.benchmarks;

import dev.orchestrator.catalog.CatalogLoader;
import dev.orchestrator.engine.catalog.Catalog;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * The public catalog snapshot the benchmarks plan over, carried by the project so every documented
 * command runs from a clone: the Models.dev {@code api.json} generated from
 * github.com/sst/models.dev (MIT) at commit f3fc692 (2026-07-02), gzip-compressed under {@code
 * snapshots/} on the classpath. {@code -Dorchestrator.snapshot=PATH} reads another file instead.
 * Stateless; thread-safe.
 */
public final class Snapshots {
  /** The system property naming a snapshot file to use instead of the embedded one. */
  public static final String PROPERTY = "orchestrator.snapshot";

  /** Classpath location of the embedded Models.dev snapshot. */
  public static final String MODELS_DEV = "/snapshots/models-dev-api.json.gz";

  private Snapshots() {}

  /** The Models.dev catalog: the file {@value #PROPERTY} names, else the embedded snapshot. */
  public static Catalog modelsDev() {
    String override = System.getProperty(PROPERTY);
    if (override != null && !override.isBlank()) {
      Path p = Path.of(override);
      if (!Files.exists(p)) {
        throw new IllegalStateException(
            PROPERTY + ": " + p.toAbsolutePath() + " (expected: an existing catalog file)");
      }
      return CatalogLoader.load(List.of(p));
    }
    try (InputStream raw = Snapshots.class.getResourceAsStream(MODELS_DEV)) {
      if (raw == null) {
        throw new IllegalStateException("missing classpath resource " + MODELS_DEV);
      }
      try (InputStream in = new GZIPInputStream(raw)) {
        String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        return CatalogLoader.parse("models-dev-api.json (f3fc692, 2026-07-02)", text);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
