package dev.orchestrator.catalog.internal;

import dev.orchestrator.engine.catalog.ApiKey;
import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.DeclaredLimits;
import dev.orchestrator.engine.catalog.HistoryConstraints;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.failure.ErrorRule;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.plan.CloseMatches;
import dev.orchestrator.engine.tool.ToolErrorRule;
import dev.orchestrator.engine.tool.ToolFailureKind;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Reads the project's own catalog configuration (JSON or YAML; format in {@code catalog/README.md}
 * and ADR 0009). Strict: an unknown key is an error naming it, so a typo never silently drops a
 * setting.
 */
final class OwnConfigReader {
  static final Set<String> TOP_KEYS =
      keys(
          "version",
          "extends",
          "checked",
          "source",
          "providers",
          "routes",
          "pools",
          "allow",
          "deny",
          "errors",
          "toolErrors");
  private static final Set<String> PROVIDER_KEYS =
      keys("name", "baseUrl", "protocol", "apiKeyEnv", "apiKeys", "limits", "headers", "history");
  private static final Set<String> API_KEY_KEYS = keys("env", "name", "weight", "limits");
  private static final Set<String> LIMIT_KEYS =
      keys("requestsPerDay", "requestsPerMinute", "resetsAt");
  private static final Pattern RESETS_AT = Pattern.compile("([01][0-9]|2[0-3]):([0-5][0-9])Z?");
  private static final Set<String> HISTORY_KEYS =
      keys("family", "toolCallIds", "reasoning", "systemFirstOnly");
  private static final Set<String> TOOL_CALL_ID_KEYS = keys("alphabet", "minLength", "maxLength");
  private static final Set<String> ROUTE_KEYS =
      keys(
          "name",
          "tier",
          "inputPerMtok",
          "outputPerMtok",
          "cacheReadPerMtok",
          "cacheWritePerMtok",
          "reasoningPerMtok",
          "contextWindow",
          "maxOutputTokens",
          "maxInputTokens",
          "capabilities",
          "prefill",
          "inputModalities",
          "outputModalities",
          "chat",
          "quality",
          "retired",
          "releaseDate",
          "expirationDate",
          "firstTokenTimeoutMs");
  private static final Set<String> POOL_KEYS = keys("kind", "routes");
  private static final Set<String> ERROR_RULE_KEYS =
      keys("match", "category", "retryable", "cooldownS", "name");
  private static final Set<String> MATCH_KEYS =
      keys("status", "provider", "code", "messageContains", "header");
  private static final Set<String> HEADER_KEYS = keys("name", "value");
  private static final Set<String> TOOL_ERROR_RULE_KEYS = keys("match", "kind", "name");
  private static final Set<String> TOOL_MATCH_KEYS = keys("tool", "status", "messageContains");
  // keys of the rule format before the contract fixed it, named with their new spelling
  private static final Map<String, String> RENAMED_ERROR_RULE_KEYS =
      Map.of("when", "match", "cooldown", "cooldownS");
  private static final Set<String> CREDENTIAL_HEADERS =
      keys("authorization", "proxy-authorization", "x-api-key", "api-key", "cookie");
  private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
  private static final String PRICE = "a non-negative number in USD per million tokens";

  private OwnConfigReader() {}

  private static Set<String> keys(String... k) {
    return new LinkedHashSet<>(List.of(k));
  }

  static Draft read(Value root) {
    Draft d = new Draft();
    Map<String, Value> top = strictMembers(root, TOP_KEYS, "a catalog configuration object");
    // The snapshot date a config states travels with its name, so every listing can show it.
    java.time.LocalDate checked = root.get("checked").date(false);
    d.sources.add(
        root.source().name()
            + (checked == null ? " (config)" : " (config, checked " + checked + ")"));
    Value version = root.get("version");
    if (version.present() && !(version.node().isInt() && version.node().intValue() == 1)) {
      throw version.fail(version.render() + " is not a supported version (expected: 1)");
    }
    Value ext = root.get("extends");
    String extendsName = ext.text("default");
    if (extendsName != null) {
      if (!"default".equals(extendsName)) {
        throw ext.fail(ext.render() + " is not a known catalog (expected: default)");
      }
      d.extendsDefault = true;
    }
    root.get("source").text("a description of where the numbers come from");
    for (Map.Entry<String, Value> e :
        root.get("providers").members("an object of providers").entrySet()) {
      provider(d, e.getKey(), e.getValue());
    }
    for (Map.Entry<String, Value> e :
        root.get("routes").members("an object of routes").entrySet()) {
      d.putRoute(route(e.getKey(), e.getValue()));
    }
    for (Map.Entry<String, Value> e : root.get("pools").members("an object of pools").entrySet()) {
      PoolPatch p = pool(e.getKey(), e.getValue());
      d.pools.put(p.name, p);
    }
    if (top.containsKey("allow")) {
      List<String> allow = globs(root.get("allow"));
      d.allow = allow == null ? List.of() : allow;
    }
    Value denyValue = root.get("deny");
    List<String> deny = globs(denyValue);
    if (deny != null) {
      // each glob with where it is written: one that matches no route is a warning at its line
      List<Value> at =
          denyValue.node().isTextual() ? List.of(denyValue) : denyValue.elements("route-id globs");
      for (int i = 0; i < deny.size(); i++) {
        d.deny.putIfAbsent(deny.get(i), at.get(i));
      }
    }
    for (Value e :
        root.get("errors").elements("a list of error rules {match, category, retryable}")) {
      d.errorRules.add(errorRule(e));
    }
    for (Value e : root.get("toolErrors").elements("a list of tool-failure rules {match, kind}")) {
      d.toolErrorRules.add(toolErrorRule(e));
    }
    return d;
  }

  // One operator's failure rule (docs/reference.md, "User error rules"): every error is reported at
  // the line and field that causes it.
  private static ErrorRulePatch errorRule(Value v) {
    Map<String, Value> keys = v.isObject() ? v.members("an error rule") : Map.of();
    for (Map.Entry<String, String> renamed : RENAMED_ERROR_RULE_KEYS.entrySet()) {
      if (keys.containsKey(renamed.getKey())) {
        throw keys.get(renamed.getKey())
            .fail(
                "'"
                    + renamed.getKey()
                    + "' is now '"
                    + renamed.getValue()
                    + "' (expected: an error rule {match, category, retryable, cooldownS})");
      }
    }
    strictMembers(v, ERROR_RULE_KEYS, "an error rule {match, category, retryable, cooldownS}");
    String name = v.get("name").text("a label for the rule");
    Value match = ruleMatch(v, MATCH_KEYS);
    List<String> statuses = statuses(match.get("status"));
    Value providerValue = match.get("provider");
    String provider = providerValue.text("a provider id");
    if (provider != null) {
      Ids.requireProviderId(providerValue, provider);
    }
    List<String> codes = nonBlank(match.get("code"), "error types or codes");
    String header = null;
    String headerValue = null;
    Value h = match.get("header");
    if (h.present()) {
      strictMembers(h, HEADER_KEYS, "a header condition {name, value}");
      header = h.get("name").text("a header name");
      headerValue = h.get("value").text("text the header's value contains");
      if (header == null || header.isBlank()) {
        throw h.fail("the header condition has no name (expected: {name: x-header, value: text})");
      }
      if (headerValue != null && headerValue.isBlank()) {
        throw h.get("value").fail("a blank value (expected: text the header's value contains)");
      }
      header = header.trim();
    }
    List<String> phrases = nonBlank(match.get("messageContains"), "phrases of the message or body");
    FailureCategory category =
        named(
            v,
            "category",
            "a failure category",
            FailureCategory.values(),
            FailureCategory::wireName,
            FailureCategory::fromWireName);
    Boolean retryable = v.get("retryable").bool();
    if (retryable == null) {
      throw v.fail(
          "the rule does not say whether it is retryable (expected: retryable: true or false)");
    }
    Integer cooldownS = v.get("cooldownS").positiveInt(false);
    ErrorRule rule =
        new ErrorRule(
            origin(v),
            name,
            statuses,
            provider,
            codes,
            header,
            headerValue,
            phrases,
            category,
            retryable,
            cooldownS == null ? null : Duration.ofSeconds(cooldownS));
    return new ErrorRulePatch(rule, providerValue);
  }

  // A status condition: an HTTP status, a class like "4xx", or a list of them; empty when absent.
  private static List<String> statuses(Value status) {
    List<String> statuses = new ArrayList<>();
    if (status.present()) {
      List<Value> items = status.isArray() ? status.elements("HTTP statuses") : List.of(status);
      if (items.isEmpty()) {
        throw status.fail(EMPTY_CONDITION + "HTTP statuses or classes like \"4xx\")");
      }
      for (Value s : items) {
        String text =
            s.node().isInt() ? Integer.toString(s.node().intValue()) : s.node().asText("");
        if (!(s.node().isInt() || s.node().isTextual()) || !ErrorRule.isStatusCondition(text)) {
          throw s.fail(
              s.render() + " is not an HTTP status (expected: 100..599 or a class like \"4xx\")");
        }
        statuses.add(text.toLowerCase(java.util.Locale.ROOT));
      }
    }
    return statuses;
  }

  // One operator's tool-failure rule (docs/reference.md, "User tool-failure rules"): every error is
  // reported at the line and field that causes it.
  private static ToolErrorRule toolErrorRule(Value v) {
    Map<String, Value> keys = v.isObject() ? v.members("a tool-failure rule") : Map.of();
    for (String providerKey : List.of("category", "retryable", "cooldownS")) {
      if (keys.containsKey(providerKey)) {
        // the provider rules' verdict keys, written out of habit
        throw keys.get(providerKey)
            .fail(
                "'"
                    + providerKey
                    + "' belongs to errors: rules; a tool-failure rule names a kind, and what to"
                    + " do with it is the decision table's (expected: kind: a tool-failure kind)");
      }
    }
    strictMembers(v, TOOL_ERROR_RULE_KEYS, "a tool-failure rule {match, kind, name}");
    String name = v.get("name").text("a label for the rule");
    Value match = ruleMatch(v, TOOL_MATCH_KEYS);
    List<String> tools = nonBlank(match.get("tool"), "tool names");
    List<String> statuses = statuses(match.get("status"));
    List<String> phrases = nonBlank(match.get("messageContains"), "phrases of the message");
    ToolFailureKind kind =
        named(
            v,
            "kind",
            "a tool-failure kind",
            ToolFailureKind.values(),
            ToolFailureKind::wireName,
            ToolFailureKind::fromWireName);
    return new ToolErrorRule(origin(v), name, tools, statuses, phrases, kind);
  }

  // A rule's match: given, of the known conditions only, and at least one of them.
  private static Value ruleMatch(Value rule, Set<String> conditions) {
    String expected = "one or more of " + String.join(", ", conditions);
    Value match = rule.get("match");
    if (!match.present()) {
      throw rule.fail("the rule has no match (expected: match: " + expected + ")");
    }
    if (strictMembers(match, conditions, "conditions {" + String.join(", ", conditions) + "}")
        .isEmpty()) {
      throw match.fail("no condition (expected: " + expected + ")");
    }
    return match;
  }

  // A rule's verdict named by its wire name (a failure category, a tool-failure kind): required,
  // and a name that is none of them is reported with a close match and every valid one.
  private static <E> E named(
      Value rule,
      String key,
      String what,
      E[] values,
      Function<E, String> wireName,
      Function<String, E> parse) {
    Value value = rule.get(key);
    String text = value.text(what);
    if (text == null) {
      throw rule.fail("the rule has no " + key + " (expected: " + key + ": " + what + ")");
    }
    try {
      return parse.apply(text);
    } catch (IllegalArgumentException e) {
      List<String> all = new ArrayList<>();
      for (E v : values) {
        all.add(wireName.apply(v));
      }
      String hint = CloseMatches.closest(text, all);
      throw value.fail(
          value.render()
              + " is not "
              + what
              + (hint == null ? "" : " (did you mean '" + hint + "'?)")
              + " (expected one of: "
              + String.join(", ", all)
              + ")");
    }
  }

  // Where a rule is written, as its id reports it: the file as given and the line it starts on.
  private static String origin(Value rule) {
    int[] at = rule.source().locate(rule.path());
    return rule.source().name() + (at[0] > 0 ? ":" + at[0] : "");
  }

  // A condition's empty list would hold for nothing, and read as absent it would hold for anything.
  private static final String EMPTY_CONDITION = "an empty list (expected: one or more ";

  // A string or a list of strings, none blank; empty when absent.
  private static List<String> nonBlank(Value v, String expectation) {
    List<String> values = v.strings(expectation);
    if (values == null) {
      return List.of();
    }
    if (values.isEmpty()) {
      throw v.fail(EMPTY_CONDITION + expectation + ")");
    }
    for (String s : values) {
      if (s.isBlank()) {
        throw v.fail("a blank entry (expected: " + expectation + ")");
      }
    }
    return values;
  }

  private static Map<String, Value> strictMembers(Value v, Set<String> allowed, String what) {
    if (!v.isObject()) {
      throw v.fail(v.render() + " is not an object (expected: " + what + ")");
    }
    Map<String, Value> m = v.members(what);
    for (Map.Entry<String, Value> e : m.entrySet()) {
      if (!allowed.contains(e.getKey())) {
        String hint = CloseMatches.closest(e.getKey(), allowed);
        throw e.getValue()
            .fail(
                "unknown key '"
                    + e.getKey()
                    + "'"
                    + (hint == null ? "" : " (did you mean '" + hint + "'?)")
                    + " (expected one of: "
                    + String.join(", ", allowed)
                    + ")");
      }
    }
    return m;
  }

  private static void provider(Draft d, String id, Value v) {
    Ids.requireProviderId(v, id);
    strictMembers(
        v,
        PROVIDER_KEYS,
        "a provider {name, baseUrl, protocol, apiKeyEnv, apiKeys, limits, headers, history}");
    ProviderPatch p = new ProviderPatch(id);
    p.name = v.get("name").text("a display name");
    Value url = v.get("baseUrl");
    p.baseUrl = Ids.trimSlash(url.text("an http(s) base URL"));
    if (p.baseUrl != null) {
      requireHttpUrl(url, p.baseUrl);
    }
    Value proto = v.get("protocol");
    String protocol = proto.text("openai-chat or anthropic-messages");
    if (protocol != null) {
      try {
        p.protocol = Protocol.fromWireName(protocol);
      } catch (IllegalArgumentException e) {
        throw proto.fail(
            proto.render() + " is not a protocol (expected: openai-chat or anthropic-messages)");
      }
    }
    Value envs = v.get("apiKeyEnv");
    p.apiKeyEnv = envNames(envs);
    Value keys = v.get("apiKeys");
    if (keys.present()) {
      if (envs.present()) {
        throw keys.fail("given with apiKeyEnv (expected: one of apiKeyEnv or apiKeys)");
      }
      p.apiKeys = apiKeys(keys);
    }
    p.limits = limits(v.get("limits"));
    Value headers = v.get("headers");
    if (headers.present()) {
      Map<String, String> h = new LinkedHashMap<>();
      for (Map.Entry<String, Value> e :
          headers.members("an object of header names to values").entrySet()) {
        if (CREDENTIAL_HEADERS.contains(e.getKey().toLowerCase(Locale.ROOT))) {
          throw e.getValue()
              .fail(
                  "header '"
                      + e.getKey()
                      + "' would carry a credential (expected: the key in the environment variable"
                      + " named by apiKeyEnv)");
        }
        if (!e.getValue().present() || !e.getValue().node().isTextual()) {
          throw e.getValue().fail("not a string (expected: a header value)");
        }
        h.put(e.getKey(), e.getValue().node().textValue());
      }
      p.headers = h;
    }
    Value history = v.get("history");
    if (history.present()) {
      p.history = history(history);
    }
    d.providers.put(id, p);
  }

  /** Environment variable names (a string or a list), or {@code null} when absent. */
  private static List<String> envNames(Value envs) {
    List<String> env = envs.strings("environment variable names");
    if (env != null) {
      for (int i = 0; i < env.size(); i++) {
        if (!ENV_NAME.matcher(env.get(i)).matches()) {
          // Never echo the value: people paste the key itself here.
          Value at = envs.isArray() ? envs.elements("names").get(i) : envs;
          throw at.fail(
              "not an environment variable name (expected: a name like OPENAI_API_KEY, not the key"
                  + " itself)");
        }
      }
    }
    return env;
  }

  /**
   * Several keys of one provider (docs/design.md §5): a list of {@code {env, name, weight,
   * limits}}, {@code env} required, names unique (an unnamed key is named by its first variable).
   */
  private static List<ApiKey> apiKeys(Value v) {
    List<ApiKey> out = new ArrayList<>();
    Set<String> names = new LinkedHashSet<>();
    for (Value k : v.elements("a list of keys {env, name, weight, limits}")) {
      strictMembers(k, API_KEY_KEYS, "a key {env, name, weight, limits}");
      Value env = k.get("env");
      List<String> vars = envNames(env);
      if (vars == null || vars.isEmpty()) {
        throw k.fail("no env (expected: the environment variable that holds this key)");
      }
      Value nameV = k.get("name");
      String name = nameV.text("a key name such as team-a");
      Integer weight = k.get("weight").positiveInt(false);
      ApiKey key;
      try {
        key = new ApiKey(name, vars, weight == null ? 1 : weight, limits(k.get("limits")));
      } catch (IllegalArgumentException e) {
        throw nameV.fail(e.getMessage().replaceFirst("^name: ", ""));
      }
      if (!names.add(key.name())) {
        throw (nameV.present() ? nameV : env)
            .fail("key name '" + key.name() + "' is used twice (expected: one name per key)");
      }
      out.add(key);
    }
    if (out.isEmpty()) {
      throw v.fail("an empty list (expected: at least one key)");
    }
    return out;
  }

  /**
   * Declared limits {@code {requestsPerDay, requestsPerMinute, resetsAt: "HH:MMZ"}}, or {@code
   * null} when absent.
   */
  private static DeclaredLimits limits(Value v) {
    if (!v.present()) {
      return null;
    }
    strictMembers(v, LIMIT_KEYS, "limits {requestsPerDay, requestsPerMinute, resetsAt}");
    Integer perDay = v.get("requestsPerDay").positiveInt(false);
    Integer perMinute = v.get("requestsPerMinute").positiveInt(false);
    Value at = v.get("resetsAt");
    String text = at.text("a UTC time of day such as \"00:00Z\"");
    LocalTime resetsAt = null;
    if (text != null) {
      java.util.regex.Matcher m = RESETS_AT.matcher(text);
      if (!m.matches()) {
        throw at.fail(
            at.render() + " is not a UTC time of day (expected: HH:MMZ, e.g. \"00:00Z\")");
      }
      resetsAt = LocalTime.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
    }
    if (perDay == null && perMinute == null) {
      throw v.fail("no limit (expected: requestsPerDay or requestsPerMinute)");
    }
    return new DeclaredLimits(perDay, perMinute, resetsAt);
  }

  /**
   * A provider's declared history constraints (docs/design.md §13): {@code {family, toolCallIds:
   * {alphabet, minLength, maxLength}, reasoning, systemFirstOnly}}, every member optional.
   */
  private static HistoryConstraints history(Value v) {
    strictMembers(
        v, HISTORY_KEYS, "history constraints {family, toolCallIds, reasoning, systemFirstOnly}");
    Value ids = v.get("toolCallIds");
    if (ids.present()) {
      strictMembers(ids, TOOL_CALL_ID_KEYS, "tool-call id rules {alphabet, minLength, maxLength}");
    }
    try {
      return new HistoryConstraints(
          v.get("family").text("a family: " + String.join(", ", HistoryConstraints.FAMILIES)),
          ids.get("alphabet").text("alnum, word or any"),
          ids.get("minLength").positiveInt(false),
          ids.get("maxLength").positiveInt(false),
          v.get("reasoning").text("kept, refused or required-on-tool-calls"),
          v.get("systemFirstOnly").bool());
    } catch (IllegalArgumentException e) {
      throw v.fail(e.getMessage());
    }
  }

  // A base URL's user info, query or fragment may hold a credential: refused without echoing it.
  private static void requireHttpUrl(Value where, String url) {
    URI u;
    try {
      u = new URI(url);
    } catch (URISyntaxException e) {
      u = null;
    }
    if (u != null && u.getRawUserInfo() != null) {
      throw where.fail(
          "carries a user and password (expected: the key in the environment variable named by"
              + " apiKeyEnv)");
    }
    if (u != null && (u.getRawQuery() != null || u.getRawFragment() != null)) {
      throw where.fail(
          "has a query or fragment (expected: a base URL the endpoint's path is appended to; a"
              + " key goes in the environment variable named by apiKeyEnv)");
    }
    String s = u == null || u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
    if ((s.equals("http") || s.equals("https")) && u.getHost() != null) {
      return;
    }
    boolean mayHoldCredential = url.indexOf('@') >= 0 || url.indexOf('?') >= 0;
    throw where.fail(
        (mayHoldCredential ? "is not a URL" : where.render() + " is not a URL")
            + " (expected: an http(s) base URL)");
  }

  private static RoutePatch route(String id, Value v) {
    int slash = id.indexOf('/');
    if (slash <= 0 || slash == id.length() - 1 || id.isBlank()) {
      throw v.fail("route id '" + id + "' is not valid (expected: provider/model)");
    }
    String provider = id.substring(0, slash);
    Ids.requireProviderId(v, provider);
    strictMembers(v, ROUTE_KEYS, "a route");
    RoutePatch r = new RoutePatch(provider, id.substring(slash + 1), v);
    r.name = v.get("name").text("a display name");
    Value tierV = v.get("tier");
    String tierName = tierV.text("free or priced");
    Tier tier = null;
    if (tierName != null) {
      try {
        tier = Tier.fromWireName(tierName);
      } catch (IllegalArgumentException e) {
        throw tierV.fail(tierV.render() + " is not a tier (expected: free or priced)");
      }
    }
    Value inV = v.get("inputPerMtok");
    Value outV = v.get("outputPerMtok");
    BigDecimal in = nonNegative(inV);
    BigDecimal out = nonNegative(outV);
    if (tier == Tier.FREE) {
      // Fail closed: a route cannot be declared free and priced at once.
      for (Value p : List.of(inV, outV)) {
        BigDecimal price = p == inV ? in : out;
        if (price != null && price.signum() != 0) {
          throw p.fail(
              p.render() + " contradicts tier: free (expected: 0 or no price for a free route)");
        }
      }
    }
    Value cacheV = v.get("cacheReadPerMtok");
    Value writeV = v.get("cacheWritePerMtok");
    Value reasoningV = v.get("reasoningPerMtok");
    if (tierV.present()
        || inV.present()
        || outV.present()
        || cacheV.present()
        || writeV.present()
        || reasoningV.present()) {
      r.cost(tier, in, out);
      r.cacheRead(nonNegative(cacheV));
      r.cacheWrite(nonNegative(writeV));
      r.reasoning(nonNegative(reasoningV));
    }
    r.contextWindow = v.get("contextWindow").positiveInt(false);
    r.maxOutputTokens = v.get("maxOutputTokens").positiveInt(false);
    r.maxInputTokens = v.get("maxInputTokens").positiveInt(false);
    Value capsV = v.get("capabilities");
    List<String> caps = capsV.strings("capability names");
    if (caps != null) {
      EnumSet<Capability> set = EnumSet.noneOf(Capability.class);
      List<Value> items = capsV.isArray() ? capsV.elements("names") : List.of(capsV);
      for (int i = 0; i < caps.size(); i++) {
        try {
          set.add(Capability.fromWireName(caps.get(i)));
        } catch (IllegalArgumentException e) {
          Value at = items.get(i);
          throw at.fail(
              at.render()
                  + " is not a capability (expected one of: "
                  + Capability.wireNames()
                  + ")");
        }
      }
      r.capabilities = set;
    }
    r.prefill = v.get("prefill").bool();
    List<String> in2 = v.get("inputModalities").strings("modality names");
    List<String> out2 = v.get("outputModalities").strings("modality names");
    r.inputModalities = in2 == null ? null : new LinkedHashSet<>(in2);
    r.outputModalities = out2 == null ? null : new LinkedHashSet<>(out2);
    r.chat = v.get("chat").bool();
    Value q = v.get("quality");
    BigDecimal quality = q.decimal("a number, higher is better");
    r.quality = quality == null ? null : quality.doubleValue();
    r.retired = v.get("retired").bool();
    r.releaseDate = v.get("releaseDate").date(false);
    r.expirationDate = v.get("expirationDate").date(false);
    Integer firstTokenMs = v.get("firstTokenTimeoutMs").positiveInt(false);
    r.firstTokenTimeout = firstTokenMs == null ? null : Duration.ofMillis(firstTokenMs);
    return r;
  }

  private static BigDecimal nonNegative(Value v) {
    BigDecimal d = v.decimal(PRICE);
    if (d != null && d.signum() < 0) {
      throw v.fail(v.render() + " is negative (expected: " + PRICE + ")");
    }
    return d;
  }

  private static PoolPatch pool(String name, Value v) {
    if (name.isBlank() || name.startsWith("orchestrator/")) {
      throw v.fail(
          "pool name '"
              + name
              + "' is reserved or blank (expected: a name not starting with orchestrator/)");
    }
    strictMembers(v, POOL_KEYS, "a pool {kind, routes}");
    Value kindV = v.get("kind");
    String kind = kindV.text("virtual or group");
    PoolKind k;
    if ("virtual".equals(kind)) {
      k = PoolKind.VIRTUAL;
    } else if ("group".equals(kind)) {
      k = PoolKind.GROUP;
    } else {
      throw kindV.fail(kindV.render() + " is not a pool kind (expected: virtual or group)");
    }
    Value routesV = v.get("routes");
    if (!routesV.isArray() || routesV.node().isEmpty()) {
      throw routesV.fail(routesV.render() + " (expected: a non-empty list of route ids)");
    }
    List<String> ids = new ArrayList<>();
    List<Value> members = routesV.elements("route ids");
    for (Value m : members) {
      String id = m.text("a route id provider/model");
      if (id == null) {
        throw m.fail("null (expected: a route id provider/model)");
      }
      ids.add(id);
    }
    return new PoolPatch(name, k, ids, members);
  }

  private static List<String> globs(Value v) {
    return v.strings("route-id globs such as openrouter/*:free");
  }
}
