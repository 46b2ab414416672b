package dev.orchestrator.catalog.internal;

import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Protocol;
import java.math.BigDecimal;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a Models.dev {@code api.json}: an object of providers, each with a {@code models} object.
 * Unknown fields are ignored (the schema grows); fields we read must have the right type.
 */
final class ModelsDevReader {
  private static final String ANTHROPIC_NPM = "@ai-sdk/anthropic";
  // What Models.dev prices apart from input and output tokens: per request (Perplexity's Sonar
  // Deep Research), per image, audio in and out, citation tokens. Cache and reasoning prices never
  // decide the tier (ADR 0017).
  private static final Set<String> CHARGES =
      Set.of("request", "image", "input_audio", "output_audio", "citation");
  // Prices above a context size: a list of {tier: {size}, input, output, …}, or the older object.
  private static final Set<String> PRICE_TIERS = Set.of("tiers", "context_over_200k");

  private ModelsDevReader() {}

  static Draft read(Value root) {
    Draft d = new Draft();
    d.sources.add(root.source().name() + " (models.dev)");
    for (Map.Entry<String, Value> pe : root.members("an object of providers").entrySet()) {
      String pid = pe.getKey();
      Value pv = pe.getValue();
      Ids.requireProviderId(pv, pid);
      if (!pv.isObject()) {
        throw pv.fail(pv.render() + " is not an object (expected: a provider with models)");
      }
      ProviderPatch pp = d.provider(pid);
      pp.name = pv.get("name").text("a provider name");
      pp.baseUrl = Ids.trimSlash(pv.get("api").text("a base URL"));
      List<String> env = pv.get("env").strings("environment variable names");
      pp.apiKeyEnv = env == null ? List.of() : env;
      String npm = pv.get("npm").text("an npm package name");
      pp.protocol =
          "anthropic".equals(pid) || ANTHROPIC_NPM.equals(npm)
              ? Protocol.ANTHROPIC_MESSAGES
              : Protocol.OPENAI_CHAT;
      Value models = pv.get("models");
      if (!models.isObject()) {
        throw models.fail(models.render() + " is not an object (expected: an object of models)");
      }
      for (Map.Entry<String, Value> me : models.members("an object of models").entrySet()) {
        d.putRoute(model(pid, me.getKey(), me.getValue()));
      }
    }
    return d;
  }

  private static RoutePatch model(String pid, String mid, Value mv) {
    if (mid.isBlank()) {
      throw mv.fail("blank model id (expected: a model id)");
    }
    if (!mv.isObject()) {
      throw mv.fail(mv.render() + " is not an object (expected: a model)");
    }
    RoutePatch r = new RoutePatch(pid, mid, mv);
    r.name = mv.get("name").text("a model name");
    Value cost = mv.get("cost");
    if (cost.present()) {
      if (!cost.isObject()) {
        throw cost.fail(cost.render() + " is not an object (expected: {input, output})");
      }
      r.cost(null, price(cost, "input"), price(cost, "output"));
      r.cacheRead(price(cost, "cache_read"));
      r.cacheWrite(price(cost, "cache_write"));
      r.reasoning(price(cost, "reasoning"));
      // A fee per request, image, audio or citation, or a price above a context size, is billed
      // whatever the input and output prices say.
      r.otherCharges(Prices.otherCharges(cost, "cost", CHARGES, PRICE_TIERS));
    }
    Value limit = mv.get("limit");
    r.contextWindow = limit.get("context").positiveInt(true);
    r.maxOutputTokens = limit.get("output").positiveInt(true);
    // Below the window for ~1,000 models (GPT-5: context 400000, input 272000): the prompt's own
    // limit, which the window alone does not enforce.
    Integer input = limit.get("input").positiveInt(true);
    r.maxInputTokens =
        input != null && (r.contextWindow == null || input < r.contextWindow) ? input : null;
    Value modalities = mv.get("modalities");
    Set<String> in = set(modalities.get("input").strings("modality names"));
    Set<String> out = set(modalities.get("output").strings("modality names"));
    r.inputModalities = in;
    r.outputModalities = out;
    EnumSet<Capability> caps = EnumSet.noneOf(Capability.class);
    if (Boolean.TRUE.equals(mv.get("tool_call").bool())) {
      caps.add(Capability.TOOLS);
    }
    // Vision is image input. `attachment` means files of some kind (154 text-only models of the
    // snapshot, deepseek-chat among them, say true); it is evidence only where no modalities are.
    if (in != null ? in.contains("image") : Boolean.TRUE.equals(mv.get("attachment").bool())) {
      caps.add(Capability.VISION);
    }
    if (Boolean.TRUE.equals(mv.get("structured_output").bool())) {
      caps.add(Capability.JSON);
    }
    if (Boolean.TRUE.equals(mv.get("reasoning").bool())) {
      caps.add(Capability.REASONING);
    }
    r.capabilities = caps;
    String status = mv.get("status").text("a status such as deprecated");
    if ("deprecated".equals(status)) {
      r.retired = true;
    }
    // Release dates only inform ranking; the snapshot has typos such as "2025-25-11".
    r.releaseDate = mv.get("release_date").informationalDate();
    String family = mv.get("family").text("a model family");
    r.chat = ChatEvidence.isChat(mid, family, in, out);
    return r;
  }

  /**
   * A price of the {@code cost} object in USD per million tokens, or {@code null} when absent,
   * negative or absurd (no evidence, never a made-up 0).
   */
  private static BigDecimal price(Value cost, String field) {
    return Prices.perMtokOrNull(cost.get(field).decimal("a price in USD per million tokens"));
  }

  private static Set<String> set(List<String> l) {
    return l == null ? null : new LinkedHashSet<>(l);
  }
}
