package dev.orchestrator.catalog.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;

/** Detects a source's shape from its structure and reads it into a {@link Draft}. */
public final class Readers {
  private Readers() {}

  /** The shapes a catalog source can have. */
  public enum Shape {
    /** Models.dev {@code api.json}. */
    MODELS_DEV,
    /** OpenRouter {@code {"data":[…]}}. */
    OPENROUTER,
    /** The project's own configuration. */
    OWN_CONFIG
  }

  /** Reads text (JSON or YAML) of any supported shape. */
  public static Draft read(SourceText source) {
    return read(source, source.parse());
  }

  /** Reads a parsed tree of any supported shape. */
  public static Draft read(SourceText source, JsonNode node) {
    Value root = Value.root(source, node);
    if (node == null || !node.isObject()) {
      throw root.fail(
          root.render()
              + " is not a catalog (expected: an object: Models.dev api.json, OpenRouter"
              + " {\"data\":[…]}, or the orchestrator configuration)");
    }
    return switch (detect(node)) {
      case OPENROUTER -> OpenRouterReader.read(root);
      case MODELS_DEV -> ModelsDevReader.read(root);
      case OWN_CONFIG -> OwnConfigReader.read(root);
    };
  }

  /**
   * Reads a fetched copy of a source (a refresh, not a file the user named): like {@link
   * #read(SourceText)}, but a document that lists no models — {@code {}}, OpenRouter's {@code
   * {"data":[]}}, a Models.dev object whose providers have no models — is rejected as what an
   * upstream in trouble answers, never a catalog to replace the last good one with. An own
   * configuration that states anything (providers, pools, rules) is read as usual.
   *
   * @throws dev.orchestrator.catalog.CatalogException naming the source (and the empty list) when
   *     it lists no models
   */
  public static Draft readFetched(SourceText source) {
    JsonNode node = source.parse();
    Draft d = read(source, node);
    if (d.routeCount() > 0) {
      return d;
    }
    Value root = Value.root(source, node);
    return switch (detect(node)) {
      case OPENROUTER -> throw root.get("data").fail("[] lists no models (expected: a model list)");
      case MODELS_DEV ->
          throw root.fail("no models under any provider (expected: a Models.dev api.json)");
      case OWN_CONFIG -> {
        if (node.isEmpty()) {
          throw root.fail("{} lists no models and states nothing (expected: a catalog)");
        }
        yield d;
      }
    };
  }

  /** The shape of an object tree, by structure alone. */
  public static Shape detect(JsonNode node) {
    if (node.has("data") && node.get("data").isArray()) {
      return Shape.OPENROUTER;
    }
    Iterator<String> names = node.fieldNames();
    while (names.hasNext()) {
      if (OwnConfigReader.TOP_KEYS.contains(names.next())) {
        return Shape.OWN_CONFIG;
      }
    }
    for (JsonNode v : node) {
      if (v.isObject() && v.has("models")) {
        return Shape.MODELS_DEV;
      }
    }
    return Shape.OWN_CONFIG;
  }
}
