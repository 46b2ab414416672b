package dev.orchestrator.serve.front;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.plan.CloseMatches;
import dev.orchestrator.engine.plan.RoutePlanner;
import dev.orchestrator.engine.plan.UnknownModelException;
import dev.orchestrator.serve.ClientToken;
import dev.orchestrator.serve.http.Json;
import java.io.UncheckedIOException;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * {@code GET /v1/models} for one catalog, rendered once: the two virtual models, the user pools
 * (virtual and group) and every chat route, in OpenAI's list shape with {@code kind}, {@code tier}
 * and {@code context_window} added. A client with an allow-list is shown only what it may ask for
 * ({@link #visibleTo}), rendered once per allow-list. Thread-safe.
 */
public final class ModelList {
  private final Catalog catalog;
  private final byte[] all;
  private final Map<String, byte[]> byId;
  // The entries of the whole list, in order: what an allow-list's list is made of too.
  private final List<ObjectNode> entries;
  // The list as each allow-list sees it, rendered on first use; as many as the tokens file has.
  private final Map<List<String>, byte[]> allowed = new ConcurrentHashMap<>();

  private ModelList(Catalog catalog, List<ObjectNode> entries) {
    this.catalog = catalog;
    this.entries = List.copyOf(entries);
    this.all = list(this.entries);
    this.byId = new LinkedHashMap<>();
    entries.forEach(m -> byId.put(id(m), write(m)));
  }

  /** The list for {@code catalog}. */
  public static ModelList of(Catalog catalog) {
    LocalDate today = LocalDate.now(ZoneOffset.UTC);
    List<ObjectNode> entries = new ArrayList<>();
    entries.add(model(RoutePlanner.FREE, "virtual", "orchestrator"));
    entries.add(model(RoutePlanner.AUTO, "virtual", "orchestrator"));
    for (Pool p : catalog.pools().values()) {
      ObjectNode m = model(p.name(), p.kind().wireName(), "orchestrator");
      ArrayNode routes = m.putArray("routes");
      p.routes().forEach(routes::add);
      entries.add(m);
    }
    for (Route r : catalog.routes()) {
      if (!r.chat() || r.retiredOn(today)) {
        continue;
      }
      ObjectNode m = model(r.id(), "route", r.provider());
      m.put("tier", r.tier().wireName());
      if (r.contextWindow() != null) {
        m.put("context_window", r.contextWindow());
      }
      entries.add(m);
    }
    return new ModelList(catalog, entries);
  }

  private static ObjectNode model(String id, String kind, String owner) {
    ObjectNode m = Json.MAPPER.createObjectNode();
    m.put("id", id);
    m.put("object", "model");
    m.put("created", 0);
    m.put("owned_by", owner);
    m.put("kind", kind.toLowerCase(Locale.ROOT));
    return m;
  }

  private static String id(ObjectNode m) {
    return m.get("id").asText();
  }

  /** OpenAI's list shape around {@code models}. */
  private static byte[] list(Iterable<ObjectNode> models) {
    ObjectNode root = Json.MAPPER.createObjectNode();
    root.put("object", "list");
    ArrayNode data = root.putArray("data");
    models.forEach(data::add);
    return write(root);
  }

  private static byte[] write(ObjectNode n) {
    try {
      return Json.MAPPER.writeValueAsBytes(n);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The catalog this list was rendered from. */
  public Catalog catalog() {
    return catalog;
  }

  /** The whole list. */
  public byte[] all() {
    return all;
  }

  /**
   * The list as {@code client} sees it: every entry its allow-list lets it ask for — by the very
   * check a request for that model meets ({@link ClientToken#allows}) — or the whole list for a
   * client without one.
   */
  public byte[] visibleTo(ClientToken client) {
    if (client.models().isEmpty()) {
      return all;
    }
    return allowed.computeIfAbsent(client.models(), k -> only(client));
  }

  private byte[] only(ClientToken client) {
    return list(entries.stream().filter(m -> client.allows(id(m))).toList());
  }

  /** One model object, or {@code null}. */
  public byte[] one(String id) {
    return byId.get(id);
  }

  /**
   * The error for an id that is not listed, with up to five listed ids close to it — found as the
   * planner finds a request's ({@link CloseMatches}), so that {@code GET /v1/models/{id}} suggests
   * what {@code POST /v1/chat/completions} does.
   */
  public UnknownModelException unknown(String id) {
    return new UnknownModelException(id, CloseMatches.find(id, byId.keySet(), 5));
  }

  /** The list of the catalog in service, built again only when the catalog changes. Thread-safe. */
  public static final class Current {
    private final Supplier<Catalog> catalog;
    private volatile ModelList list;

    /** The list of whatever {@code catalog} gives at the time. */
    public Current(Supplier<Catalog> catalog) {
      this.catalog = catalog;
    }

    /** The list of the catalog in service now. */
    public ModelList get() {
      Catalog c = catalog.get();
      ModelList m = list;
      if (m == null || m.catalog() != c) {
        m = ModelList.of(c);
        list = m;
      }
      return m;
    }
  }
}
