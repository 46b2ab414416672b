package dev.orchestrator.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.catalog.CatalogException;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.serve.LiveCatalog;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * {@code --source} for the inspecting commands: the {@code --catalog} files with each source laid
 * on top (fetched now, or its cached copy when the fetch fails), and the age of each copy. Without
 * sources it is just the {@code --catalog} files. Not thread-safe (one per command invocation).
 */
final class LiveSources {
  private final Catalog catalog;
  private final LiveCatalog live;

  private LiveSources(Catalog catalog, LiveCatalog live) {
    this.catalog = catalog;
    this.live = live;
  }

  /**
   * Loads the catalog.
   *
   * @throws CliException exit 3 when a file or a source (with no cached copy) cannot be read
   */
  static LiveSources load(
      CatalogOptions files, List<String> sources, CacheDirOption cacheDir, PrintWriter err) {
    if (sources.isEmpty()) {
      return new LiveSources(files.load(err), null);
    }
    WarningLines warnings = new WarningLines();
    try {
      LiveCatalog live =
          LiveCatalog.builder()
              .catalogs(files.paths())
              .sources(sources)
              .cacheDir(cacheDir.directory())
              .refresher(r -> r.logger(warnings))
              .logger(warnings)
              .build();
      // e.g. a source not fetched, its cached copy used; what the catalog skipped, as --catalog
      warnings.print(err);
      return new LiveSources(live.current(), live);
    } catch (CatalogException e) {
      throw CliException.input(e.getMessage(), e);
    } catch (IllegalArgumentException e) {
      throw CliException.usage("--source: " + e.getMessage());
    }
  }

  Catalog catalog() {
    return catalog;
  }

  /** Adds {@code liveSources: [{source, fetchedAt, ageSeconds}]} when sources were given. */
  void describe(ObjectNode doc) {
    if (live == null) {
      return;
    }
    ArrayNode a = doc.putArray("liveSources");
    for (String s : live.sources()) {
      ObjectNode n = a.addObject();
      n.put("source", s);
      live.fetchedAt(s)
          .ifPresent(
              t -> {
                n.put("fetchedAt", t.toString());
                n.put("ageSeconds", Duration.between(t, Instant.now()).getSeconds());
              });
    }
  }

  /** Prints one line per source with the age of its copy. */
  void describe(PrintWriter out) {
    if (live == null) {
      return;
    }
    for (String s : live.sources()) {
      out.println(
          live.fetchedAt(s)
              .map(
                  t ->
                      "source "
                          + s
                          + ": copy fetched "
                          + t
                          + " ("
                          + Duration.between(t, Instant.now()).getSeconds()
                          + " s old)")
              .orElse("source " + s + ": no copy"));
    }
  }
}
