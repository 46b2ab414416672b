package dev.orchestrator.catalog.internal;

import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Protocol;
import java.math.BigDecimal;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads OpenRouter's {@code GET /api/v1/models} list ({@code {"data":[…]}}) as routes of provider
 * {@code openrouter}. Prices are USD per token as strings and become exact USD per million tokens.
 */
final class OpenRouterReader {
  static final String PROVIDER = "openrouter";
  static final String BASE_URL = "https://openrouter.ai/api/v1";
  static final String KEY_ENV = "OPENROUTER_API_KEY";
  // What OpenRouter bills apart from the token prices: per request, per input image or audio, per
  // generated image, per web search (its models list's `pricing`; the API reference at
  // https://openrouter.ai/docs/api-reference/list-available-models). Cache and reasoning prices
  // never decide the tier (ADR 0017).
  private static final Set<String> CHARGES =
      Set.of("request", "image", "image_output", "audio", "input_audio", "web_search");

  private OpenRouterReader() {}

  static Draft read(Value root) {
    Draft d = new Draft();
    d.sources.add(root.source().name() + " (openrouter)");
    ProviderPatch p = d.provider(PROVIDER);
    p.name = "OpenRouter";
    p.baseUrl = BASE_URL;
    p.protocol = Protocol.OPENAI_CHAT;
    p.apiKeyEnv = List.of(KEY_ENV);
    for (Value m : root.get("data").elements("a list of models")) {
      d.putRoute(model(m));
    }
    return d;
  }

  private static RoutePatch model(Value m) {
    if (!m.isObject()) {
      throw m.fail(m.render() + " is not an object (expected: a model)");
    }
    Value idv = m.get("id");
    String id = idv.text("a model id");
    if (id == null || id.isBlank()) {
      throw idv.fail(idv.render() + " (expected: a non-blank model id)");
    }
    RoutePatch r = new RoutePatch(PROVIDER, id, m);
    r.name = m.get("name").text("a model name");
    Value pricing = m.get("pricing");
    if (pricing.present()) {
      if (!pricing.isObject()) {
        throw pricing.fail(pricing.render() + " is not an object (expected: {prompt, completion})");
      }
      r.cost(null, perToken(pricing.get("prompt")), perToken(pricing.get("completion")));
      r.cacheRead(perToken(pricing.get("input_cache_read")));
      r.cacheWrite(perToken(pricing.get("input_cache_write")));
      r.reasoning(perToken(pricing.get("internal_reasoning")));
      // A fee per request, image, audio or web search is billed whatever the token prices say.
      r.otherCharges(Prices.otherCharges(pricing, "pricing", CHARGES, Set.of()));
    }
    r.contextWindow = m.get("context_length").positiveInt(true);
    r.maxOutputTokens = m.get("top_provider").get("max_completion_tokens").positiveInt(true);
    Value arch = m.get("architecture");
    Set<String> in = set(arch.get("input_modalities").strings("modality names"));
    Set<String> out = set(arch.get("output_modalities").strings("modality names"));
    r.inputModalities = in;
    r.outputModalities = out;
    List<String> params = m.get("supported_parameters").strings("parameter names");
    EnumSet<Capability> caps = EnumSet.noneOf(Capability.class);
    if (params != null) {
      if (params.contains("tools")) {
        caps.add(Capability.TOOLS);
      }
      if (params.contains("response_format") || params.contains("structured_outputs")) {
        caps.add(Capability.JSON);
      }
      if (params.contains("reasoning")) {
        caps.add(Capability.REASONING);
      }
    }
    if (in != null && in.contains("image")) {
      caps.add(Capability.VISION);
    }
    r.capabilities = caps;
    r.expirationDate = m.get("expiration_date").date(false);
    r.chat = ChatEvidence.isChat(id, null, in, out);
    return r;
  }

  // "0" is free, "-1" means variable (a router), anything unparsable is no evidence: null.
  private static BigDecimal perToken(Value v) {
    if (!v.present()) {
      return null;
    }
    if (v.node().isTextual()) {
      return Prices.perTokenToPerMtok(v.node().textValue());
    }
    if (v.node().isNumber()) {
      return Prices.perMtokOrNull(v.node().decimalValue().movePointRight(6));
    }
    throw v.fail(v.render() + " is not a price (expected: USD per token as a string, e.g. \"0\")");
  }

  private static Set<String> set(List<String> l) {
    return l == null ? null : new LinkedHashSet<>(l);
  }
}
