package dev.orchestrator.cli;

import dev.orchestrator.catalog.SourceCache;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The {@code --cache-dir PATH} option (docs/reference.md §5) as a Picocli mixin: where the last
 * good copy of each catalog source is kept, so that {@code serve} and {@code catalog} use what
 * another command fetched. Not thread-safe (one per command invocation).
 */
public final class CacheDirOption {
  @Option(
      names = "--cache-dir",
      paramLabel = "PATH",
      description =
          "Where the last good copy of each catalog source is kept (default:"
              + " $XDG_CACHE_HOME/orchestrator or ~/.cache/orchestrator).")
  private Path dir;

  /** The directory given, or the default one. */
  public Path directory() {
    return dir != null ? dir : SourceCache.defaultDirectory();
  }

  /** The cache in that directory. */
  public SourceCache cache() {
    return SourceCache.at(directory());
  }
}
