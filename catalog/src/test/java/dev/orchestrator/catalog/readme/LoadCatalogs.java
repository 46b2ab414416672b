package dev.orchestrator.catalog.readme;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.catalog.CatalogLoader;
import dev.orchestrator.catalog.CatalogRefresher;
import dev.orchestrator.engine.catalog.Catalog;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Every way to get a Catalog (the module README's example). */
public class LoadCatalogs {
  /** The embedded default catalog. */
  public static Catalog embedded() {
    return CatalogLoader.loadDefault();
  }

  /** Files merged in order, each read by its shape: here a Models.dev api.json, then your own. */
  public static Catalog files(Path modelsDevApiJson, Path mine) {
    return CatalogLoader.load(List.of(modelsDevApiJson, mine));
  }

  /** JSON or YAML text; the name is what error messages cite. */
  public static Catalog text(String yaml) {
    return CatalogLoader.parse("inline.yaml", yaml);
  }

  /** An in-memory Jackson tree. */
  public static Catalog tree(JsonNode node) {
    return CatalogLoader.fromJsonTree("scenario.catalog", node);
  }

  /**
   * A URL or file kept fresh: the first current() fetches, later ones refresh in the background.
   */
  public static CatalogRefresher remote(String source) {
    return CatalogRefresher.builder(source).refreshAfter(Duration.ofHours(1)).build();
  }

  /** Prints the size of the embedded catalog and of the live Models.dev one. */
  public static void main(String[] args) {
    System.out.println("embedded: " + embedded().routes().size() + " routes");
    Catalog live = remote("https://models.dev/api.json").current();
    System.out.println("models.dev: " + live.routes().size() + " routes");
  }
}
