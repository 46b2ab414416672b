package dev.orchestrator.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.catalog.CatalogException;
import dev.orchestrator.catalog.CatalogLoader;
import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.observe.RouteFigures;
import dev.orchestrator.engine.plan.Strategy;
import dev.orchestrator.engine.plan.UnknownModelException;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.spi.StreamBounds;
import dev.orchestrator.providers.HttpProviderClients;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs one {@code simulate} scenario (docs/reference.md §4): the real orchestrator and the real
 * HTTP clients against a scripted OpenAI-compatible upstream on 127.0.0.1, every provider's base
 * URL pointed at it and every provider given a placeholder credential.
 */
final class Simulation {
  private static final Set<String> TOP =
      Set.of("catalog", "pools", "request", "policy", "upstream", "observations");
  private static final Set<String> MESSAGE = Set.of("role", "content");

  private static final Set<String> REQUEST =
      Set.of(
          "model",
          "promptTokens",
          "maxOutputTokens",
          "require",
          "stream",
          "models",
          "messages",
          "provider");
  private static final Set<String> POLICY =
      Set.of(
          "sameRouteRetries",
          "backoffInitialMs",
          "backoffMaxMs",
          "attemptTimeoutMs",
          "firstTokenTimeoutMs",
          "streamIdleTimeoutMs",
          "deadlineMs",
          "seed",
          "connectTimeoutMs",
          "failoverOnContentFilter",
          "nonReasoningFirstTokenTimeoutMs",
          "silenceGraceMs",
          "retryAfterCapMs",
          "poolRetryAfterThresholdMs",
          "streamContinuation",
          "maxEventBytes",
          "maxResponseBytes",
          "maxToolArgumentBytes",
          "strategy",
          "learning",
          "exploration");

  private Simulation() {}

  /** A scenario that cannot be run as written. */
  static final class ScenarioException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ScenarioException(String message) {
      super(message);
    }

    /**
     * The scenario field the problem is in ({@code policy.seed}, {@code upstream.a/m[0]}): the
     * message's leading path, or {@code null} when it names none.
     */
    String field() {
      String m = getMessage();
      int colon = m.indexOf(": ");
      String head = colon < 0 ? null : m.substring(0, colon);
      if (head == null || head.isEmpty() || head.contains(" ")) {
        return null;
      }
      Matcher unknown = UNKNOWN_FIELD.matcher(m.substring(colon + 2));
      if (unknown.lookingAt()) {
        // the unknown member itself
        return head.equals("scenario") ? unknown.group(1) : head + "." + unknown.group(1);
      }
      return head.equals("scenario") ? null : head;
    }

    private static final Pattern UNKNOWN_FIELD = Pattern.compile("unknown field '([^']+)'");
  }

  /**
   * Runs the scenario and returns the output document.
   *
   * @param scenario the parsed scenario
   * @param baseDir where a catalog path in the scenario is resolved from
   * @throws ScenarioException when the scenario is invalid
   * @throws CatalogException when its catalog is invalid
   * @throws UnknownModelException when its catalog does not know the requested model
   */
  static Map<String, Object> run(JsonNode scenario, Path baseDir) {
    if (!scenario.isObject()) {
      throw new ScenarioException("scenario: expected a JSON object");
    }
    checkKeys(scenario, TOP, "scenario");
    Catalog catalog = catalog(scenario.get("catalog"), baseDir);
    catalog = withPools(catalog, scenario.get("pools"));
    ChatRequest request = request(scenario.get("request"));
    OrchestratorPolicy policy = policy(scenario.get("policy"));
    Map<String, List<Step>> scripts = upstream(scenario.get("upstream"), catalog);
    Map<String, RouteFigures> figures = observations(scenario.get("observations"), baseDir);

    try (ScriptedUpstream upstream = ScriptedUpstream.start(scripts)) {
      Catalog.Builder pointed = catalog.toBuilder();
      for (Provider p : catalog.providers().values()) {
        pointed.provider(
            new Provider(
                    p.id(),
                    p.name(),
                    upstream.baseUrl(p.id()),
                    Protocol.OPENAI_CHAT,
                    p.apiKeyEnv(),
                    p.headers())
                .withKeys(p.apiKeys(), p.limits())); // several keys and their limits simulated too
      }
      Credentials placeholder = Credentials.constant("sk-simulated-placeholder");
      // the catalog's errors: rules classify as they would in serve (docs/reference.md)
      HttpProviderClients clients =
          HttpProviderClients.builder()
              .credentials(placeholder)
              .errorRules(catalog.errorRules())
              .build();
      TaskOrchestrator orchestrator =
          TaskOrchestrator.builder()
              .catalog(pointed.build())
              .providers(clients)
              .credentials(placeholder)
              .policy(policy)
              .observedFigures(() -> figures)
              .build();
      long t0 = System.nanoTime();
      Map<String, Object> out = new LinkedHashMap<>();
      try {
        ChatResult r = orchestrator.chat(request);
        out.put("outcome", "success");
        out.put("route", r.route());
        out.put("content", r.response().content());
        out.put("status", 200);
        out.put("error", null);
        out.put("attempts", Json.attempts(r.trace()));
        out.put("usage", usage(r));
      } catch (OrchestratorException e) {
        ProviderFailure f = e.lastFailure();
        out.put("outcome", "failed");
        out.put("route", null);
        out.put("content", null);
        out.put("status", e.status());
        Map<String, Object> err = new LinkedHashMap<>();
        err.put("type", e.type().wireName());
        err.put("category", f == null ? null : f.category().wireName());
        err.put("status", e.status());
        err.put("message", e.getMessage());
        out.put("error", err);
        out.put("attempts", e.trace() == null ? List.of() : Json.attempts(e.trace()));
      }
      out.put("elapsedMs", (System.nanoTime() - t0) / 1_000_000);
      out.put("calls", upstream.calls());
      return out;
    }
  }

  /**
   * The scenario's {@code observations}: an observations document, or a path to one (resolved from
   * the scenario's directory); none is an empty map — every route unobserved.
   */
  private static Map<String, RouteFigures> observations(JsonNode node, Path baseDir) {
    if (node == null || node.isNull()) {
      return Map.of();
    }
    if (node.isTextual()) {
      // its own file: a problem there names that file, line and field
      return ObservationsFile.load(baseDir.resolve(node.asText()));
    }
    try {
      return ObservationsFile.read(node, "observations");
    } catch (IllegalArgumentException e) {
      throw new ScenarioException(e.getMessage());
    }
  }

  private static Map<String, Object> usage(ChatResult r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("promptTokens", r.response().usage().promptTokens());
    m.put("completionTokens", r.response().usage().completionTokens());
    m.put("totalTokens", r.response().usage().totalTokens());
    return m;
  }

  private static Catalog catalog(JsonNode node, Path baseDir) {
    if (node == null || node.isNull()) {
      return CatalogLoader.loadDefault();
    }
    if (node.isTextual()) {
      return CatalogLoader.load(List.of(baseDir.resolve(node.asText())));
    }
    if (node.isObject()) {
      return CatalogLoader.fromJsonTree("scenario catalog", node);
    }
    throw new ScenarioException("catalog: expected an object or a path string");
  }

  private static Catalog withPools(Catalog catalog, JsonNode pools) {
    if (pools == null || pools.isNull()) {
      return catalog;
    }
    if (!pools.isObject()) {
      throw new ScenarioException("pools: expected an object of name -> {kind, routes}");
    }
    Catalog.Builder b = catalog.toBuilder();
    for (Map.Entry<String, JsonNode> e : pools.properties()) {
      String name = e.getKey();
      JsonNode p = e.getValue();
      checkKeys(p, Set.of("kind", "routes"), "pools." + name);
      String kind = p.path("kind").asText("");
      PoolKind k;
      switch (kind) {
        case "group":
          k = PoolKind.GROUP;
          break;
        case "virtual":
          k = PoolKind.VIRTUAL;
          break;
        default:
          throw new ScenarioException(
              "pools." + name + ".kind: '" + kind + "' (expected: group or virtual)");
      }
      List<String> routes = strings(p.get("routes"), "pools." + name + ".routes");
      for (String r : routes) {
        if (catalog.route(r).isEmpty()) {
          throw new ScenarioException("pools." + name + ".routes: unknown route " + r);
        }
      }
      b.pool(new Pool(name, k, routes));
    }
    return b.build();
  }

  private static ChatRequest request(JsonNode node) {
    if (node == null || !node.isObject()) {
      throw new ScenarioException("request: expected an object with at least a model");
    }
    checkKeys(node, REQUEST, "request");
    String model = node.path("model").asText("");
    if (model.isBlank()) {
      throw new ScenarioException("request.model: missing");
    }
    ChatRequest.Builder b = ChatRequest.builder(model);
    JsonNode messages = node.get("messages");
    if (messages != null) {
      if (!messages.isArray() || messages.isEmpty()) {
        throw new ScenarioException(
            "request.messages: expected a non-empty array of {\"role\", \"content\"}");
      }
      int i = 0;
      for (JsonNode m : messages) {
        String at = "request.messages[" + i++ + "]";
        if (!m.isObject()) {
          throw new ScenarioException(at + ": expected an object {\"role\", \"content\"}");
        }
        checkKeys(m, MESSAGE, at);
        JsonNode role = m.path("role");
        JsonNode content = m.get("content");
        if (content == null || !content.isTextual()) {
          throw new ScenarioException(at + ".content: " + content + " (expected: a string)");
        }
        if (!role.isMissingNode() && !role.isTextual()) {
          throw new ScenarioException(at + ".role: " + role + " (expected: a string)");
        }
        dev.orchestrator.engine.chat.Role r;
        try {
          r = dev.orchestrator.engine.chat.Role.fromWireName(role.asText("user"));
        } catch (IllegalArgumentException e) {
          String msg = e.getMessage();
          throw new ScenarioException(
              at + ".role: " + (msg.startsWith("role: ") ? msg.substring(6) : msg));
        }
        b.message(
            new dev.orchestrator.engine.chat.ChatMessage(r, content.asText(), List.of(), null));
      }
    } else {
      b.user("Say hello.");
    }
    if (node.has("promptTokens")) {
      b.promptTokens(intField(node, "promptTokens", "request"));
    }
    if (node.has("maxOutputTokens")) {
      b.maxTokens(intField(node, "maxOutputTokens", "request"));
    }
    if (node.has("stream")) {
      JsonNode stream = node.get("stream");
      if (!stream.isBoolean()) {
        throw new ScenarioException("request.stream: " + stream + " (expected: true or false)");
      }
      b.stream(stream.booleanValue());
    }
    if (node.has("models")) {
      b.models(strings(node.get("models"), "request.models"));
    }
    if (node.has("provider")) {
      try {
        b.provider(dev.orchestrator.serve.http.ProviderField.parse(node));
      } catch (dev.orchestrator.serve.http.ApiError e) {
        throw new ScenarioException("request." + e.getMessage());
      }
    }
    if (node.has("require")) {
      for (String c : strings(node.get("require"), "request.require")) {
        try {
          b.require(Capability.fromWireName(c));
        } catch (IllegalArgumentException e) {
          throw new ScenarioException("request.require: " + e.getMessage());
        }
      }
    }
    try {
      return b.build();
    } catch (IllegalArgumentException e) {
      throw inField("request", node, e, REQUEST_FIELDS);
    }
  }

  // The request's settings the scenario writes under another name.
  private static final Map<String, String> REQUEST_FIELDS = Map.of("max_tokens", "maxOutputTokens");

  // The policy's durations: the scenario writes each with its unit (deadline is deadlineMs).
  private static final Map<String, String> POLICY_FIELDS = policyFields();

  private static Map<String, String> policyFields() {
    Map<String, String> m = new LinkedHashMap<>();
    for (String f : POLICY) {
      if (f.endsWith("Ms")) {
        m.put(f.substring(0, f.length() - 2), f);
      }
    }
    return Map.copyOf(m);
  }

  /**
   * The engine's complaint about one of its settings ({@code deadline: 0 ms (expected: > 0 ms)}) as
   * a problem of the scenario field that set it ({@code policy.deadlineMs}); of {@code where}
   * itself when the scenario does not write that field (a default's conflict with another field).
   *
   * @param fields the engine's setting names the scenario writes otherwise, and how it writes them
   */
  private static ScenarioException inField(
      String where, JsonNode node, IllegalArgumentException e, Map<String, String> fields) {
    String m = e.getMessage();
    int colon = m.indexOf(": ");
    String setting = colon < 0 ? "" : m.substring(0, colon);
    String field = fields.getOrDefault(setting, setting);
    return node.has(field)
        ? new ScenarioException(where + "." + field + m.substring(colon))
        : new ScenarioException(where + ": " + m);
  }

  private static OrchestratorPolicy policy(JsonNode node) {
    OrchestratorPolicy.Builder b =
        OrchestratorPolicy.builder()
            .deadline(Duration.ofSeconds(30))
            .attemptTimeout(Duration.ofSeconds(10))
            .firstTokenTimeout(Duration.ofSeconds(10))
            .streamIdleTimeout(Duration.ofSeconds(5))
            .connectTimeout(Duration.ofSeconds(2))
            .backoff(Duration.ofMillis(50), Duration.ofMillis(1000));
    if (node == null || node.isNull()) {
      return b.exploration(0).build();
    }
    checkKeys(node, POLICY, "policy");
    OrchestratorPolicy base = b.build();
    try {
      if (node.has("sameRouteRetries")) {
        b.sameRouteRetries(intField(node, "sameRouteRetries", "policy"));
      }
      b.backoff(
          ms(node, "backoffInitialMs", base.retries().backoffInitial()),
          ms(node, "backoffMaxMs", base.retries().backoffMax()));
      b.attemptTimeout(ms(node, "attemptTimeoutMs", base.timeouts().attempt()));
      b.firstTokenTimeout(ms(node, "firstTokenTimeoutMs", base.timeouts().firstToken()));
      if (node.has("nonReasoningFirstTokenTimeoutMs")) {
        b.firstTokenTimeouts(
            ms(node, "firstTokenTimeoutMs", base.timeouts().firstToken()),
            ms(node, "nonReasoningFirstTokenTimeoutMs", base.timeouts().nonReasoningFirstToken()));
      }
      b.silenceGrace(ms(node, "silenceGraceMs", base.timeouts().silenceGrace()));
      b.retryAfterCap(ms(node, "retryAfterCapMs", base.retries().retryAfterCap()));
      b.poolRetryAfterThreshold(
          ms(node, "poolRetryAfterThresholdMs", base.retries().poolRetryAfterThreshold()));
      if (node.has("streamContinuation")) {
        b.streamContinuation(bool(node, "streamContinuation"));
      }
      b.streamIdleTimeout(ms(node, "streamIdleTimeoutMs", base.timeouts().streamIdle()));
      StreamBounds sb = base.streamBounds();
      b.streamBounds(
          new StreamBounds(
              bytes(node, "maxEventBytes", sb.maxEventBytes()),
              bytes(node, "maxResponseBytes", sb.maxResponseBytes()),
              bytes(node, "maxToolArgumentBytes", sb.maxToolArgumentBytes())));
      b.connectTimeout(ms(node, "connectTimeoutMs", base.timeouts().connect()));
      b.deadline(ms(node, "deadlineMs", base.timeouts().deadline()));
      if (node.has("seed")) {
        JsonNode seed = node.get("seed");
        if (!seed.isIntegralNumber() || !seed.canConvertToLong()) {
          throw new ScenarioException("policy.seed: " + seed + " (expected: an integer)");
        }
        b.seed(seed.asLong());
      }
      if (node.has("strategy")) {
        JsonNode strategy = node.get("strategy");
        if (!strategy.isTextual()) {
          throw new ScenarioException("policy.strategy: " + strategy + " (expected: a string)");
        }
        b.strategy(Strategy.fromWireName(strategy.asText()));
      }
      if (node.has("learning")) {
        b.learning(bool(node, "learning"));
      }
      // A scenario is reproducible: no exploration unless it asks (with a seed).
      JsonNode exploration = node.path("exploration");
      if (!exploration.isMissingNode() && !exploration.isNumber()) {
        throw new ScenarioException(
            "policy.exploration: " + exploration + " (expected: a number from 0 to 1)");
      }
      b.exploration(exploration.asDouble(0));
      if (node.has("failoverOnContentFilter")) {
        b.failoverOnContentFilter(bool(node, "failoverOnContentFilter"));
      }
      return b.build();
    } catch (IllegalArgumentException e) {
      throw inField("policy", node, e, POLICY_FIELDS);
    }
  }

  private static boolean bool(JsonNode node, String field) {
    JsonNode v = node.get(field);
    if (!v.isBoolean()) {
      throw new ScenarioException("policy." + field + ": " + v + " (expected: true or false)");
    }
    return v.asBoolean();
  }

  private static long bytes(JsonNode node, String field, long dflt) {
    return node.has(field) ? intField(node, field, "policy") : dflt;
  }

  private static Duration ms(JsonNode node, String field, Duration dflt) {
    return node.has(field) ? Duration.ofMillis(intField(node, field, "policy")) : dflt;
  }

  private static Map<String, List<Step>> upstream(JsonNode node, Catalog catalog) {
    Map<String, List<Step>> scripts = new LinkedHashMap<>();
    if (node == null || node.isNull()) {
      return scripts;
    }
    if (!node.isObject()) {
      throw new ScenarioException("upstream: expected an object of route id -> [steps]");
    }
    for (Map.Entry<String, JsonNode> e : node.properties()) {
      if (catalog.route(e.getKey()).isEmpty()) {
        // a script no request could ever take: a mistyped route id would pass unnoticed
        List<String> close =
            dev.orchestrator.engine.plan.CloseMatches.find(
                e.getKey(), catalog.routes().stream().map(Route::id).toList(), 5);
        throw new ScenarioException(
            "upstream."
                + e.getKey()
                + ": not a route of the catalog"
                + (close.isEmpty() ? "" : " (close matches: " + String.join(", ", close) + ")"));
      }
      if (!e.getValue().isArray() || e.getValue().isEmpty()) {
        throw new ScenarioException(
            "upstream." + e.getKey() + ": expected a non-empty array of steps");
      }
      List<Step> steps = new ArrayList<>();
      int i = 0;
      for (JsonNode s : e.getValue()) {
        try {
          steps.add(Step.fromJson(s));
        } catch (IllegalArgumentException ex) {
          throw new ScenarioException("upstream." + e.getKey() + "[" + i + "]: " + ex.getMessage());
        }
        i++;
      }
      scripts.put(e.getKey(), steps);
    }
    return scripts;
  }

  private static int intField(JsonNode node, String field, String where) {
    JsonNode v = node.get(field);
    if (v == null || !v.canConvertToInt() || !v.isIntegralNumber()) {
      throw new ScenarioException(where + "." + field + ": " + v + " (expected: an integer)");
    }
    return v.asInt();
  }

  private static List<String> strings(JsonNode node, String where) {
    if (node == null || !node.isArray()) {
      throw new ScenarioException(where + ": expected an array of strings");
    }
    List<String> out = new ArrayList<>();
    for (JsonNode n : node) {
      if (!n.isTextual()) {
        throw new ScenarioException(where + ": " + n + " is not a string");
      }
      out.add(n.asText());
    }
    return out;
  }

  private static void checkKeys(JsonNode node, Set<String> allowed, String where) {
    Iterator<String> names = node.fieldNames();
    while (names.hasNext()) {
      String n = names.next();
      if (!allowed.contains(n)) {
        throw new ScenarioException(
            where
                + ": unknown field '"
                + n
                + "' (expected one of: "
                + String.join(", ", new java.util.TreeSet<>(allowed))
                + ")");
      }
    }
  }
}
