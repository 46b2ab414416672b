package dev.orchestrator.cli;

import dev.orchestrator.catalog.CatalogException;
import dev.orchestrator.catalog.CatalogLoader;
import dev.orchestrator.engine.catalog.Catalog;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The repeatable {@code --catalog PATH} option (docs/reference.md §0) as a Picocli mixin: add
 * {@code @Mixin CatalogOptions catalog;} to a command and call {@link #load(PrintWriter)}. Not
 * thread-safe (one per command invocation).
 */
public final class CatalogOptions {
  @Option(
      names = "--catalog",
      paramLabel = "PATH",
      description =
          "Catalog file, repeatable; later files override earlier ones field by field. Shape is"
              + " detected: Models.dev api.json, OpenRouter models list, or own config (JSON or"
              + " YAML). Default: the embedded catalog.")
  private List<Path> paths = new ArrayList<>();

  /** The paths given, in order; empty when the embedded default catalog is meant. */
  public List<Path> paths() {
    return List.copyOf(paths);
  }

  /**
   * Loads the catalog the options name, printing the merge's warnings ({@code tier: free} over a
   * catalog price) to {@code err}.
   *
   * @throws CliException exit 3 when a file is unreadable or invalid (the message names it)
   */
  public Catalog load(PrintWriter err) {
    return load(List.of(), err);
  }

  /**
   * As {@link #load(PrintWriter)}, with own-configuration files ({@code --config}) laid over the
   * {@code --catalog} files, in order.
   *
   * @throws CliException exit 3 when a file is unreadable or invalid (the message names it)
   */
  public Catalog load(List<Path> configs, PrintWriter err) {
    List<Path> all = new ArrayList<>(paths);
    all.addAll(configs);
    try {
      return CatalogLoader.load(all, w -> err.println("warning: " + w));
    } catch (CatalogException e) {
      throw CliException.input(e.getMessage(), e);
    }
  }
}
