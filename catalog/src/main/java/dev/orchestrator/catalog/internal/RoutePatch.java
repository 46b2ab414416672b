package dev.orchestrator.catalog.internal;

import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalDate;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * What one source says about a route; {@code null} fields say nothing. Cost evidence (the explicit
 * tier, both prices and the cache-read, cache-write and reasoning prices) is one unit: a later
 * source that says anything about cost replaces all of it, so an earlier {@code 0} can never
 * survive a later "variable price" (ADR 0009). Not thread-safe.
 */
public final class RoutePatch {
  final String provider;
  final String model;
  // Where the route was first defined, to report an undefined provider.
  Value origin;

  String name;
  boolean costStated;
  Tier tier;
  BigDecimal inputPerMtok;
  BigDecimal outputPerMtok;
  BigDecimal cacheReadPerMtok;
  BigDecimal cacheWritePerMtok;
  BigDecimal reasoningPerMtok;
  // what the source bills apart from the token prices, not exactly zero; null: it states none
  Map<String, String> otherCharges;
  Integer contextWindow;
  Integer maxOutputTokens;
  Integer maxInputTokens;
  Set<Capability> capabilities;
  Boolean prefill;
  Set<String> inputModalities;
  Set<String> outputModalities;
  Boolean chat;
  LocalDate releaseDate;
  LocalDate expirationDate;
  Boolean retired;
  Double quality;
  Duration firstTokenTimeout;

  /** A patch for route {@code provider/model} that says nothing yet. */
  public RoutePatch(String provider, String model, Value origin) {
    this.provider = provider;
    this.model = model;
    this.origin = origin;
  }

  /** The route id. */
  public String id() {
    return provider + "/" + model;
  }

  /** States the cost evidence of this source: an explicit tier (or null) and both prices. */
  void cost(Tier explicitTier, BigDecimal input, BigDecimal output) {
    costStated = true;
    tier = explicitTier;
    inputPerMtok = input;
    outputPerMtok = output;
    cacheReadPerMtok = null;
    cacheWritePerMtok = null;
    reasoningPerMtok = null;
    otherCharges = null;
  }

  /**
   * States what the source bills apart from the token prices and states not exactly zero (a fee per
   * request, per image, a price above a context size…), part of the cost unit; call after {@link
   * #cost}. Any makes the route priced unless a config states its tier.
   */
  void otherCharges(Map<String, String> charges) {
    otherCharges = charges == null || charges.isEmpty() ? null : Map.copyOf(charges);
  }

  /** States the cache-read price, part of the cost unit; call after {@link #cost}. */
  void cacheRead(BigDecimal perMtok) {
    cacheReadPerMtok = perMtok;
  }

  /** States the cache-write price, part of the cost unit; call after {@link #cost}. */
  void cacheWrite(BigDecimal perMtok) {
    cacheWritePerMtok = perMtok;
  }

  /**
   * States the price of reasoning tokens where the source prices them apart from output, part of
   * the cost unit; call after {@link #cost}.
   */
  void reasoning(BigDecimal perMtok) {
    reasoningPerMtok = perMtok;
  }

  RoutePatch copy() {
    RoutePatch p = new RoutePatch(provider, model, origin);
    p.mergeFrom(this);
    return p;
  }

  /**
   * Lays {@code later} on top of this patch.
   *
   * @return the earlier catalog price ({@code "$0.1 in / $0.4 out per Mtok"}) when {@code later}
   *     says {@code tier: free} without a price over a route an earlier source priced, else {@code
   *     null}; the earlier prices are then kept for display while the explicit tier decides
   */
  // What this source bills besides the input and output prices (Route#chargesBesidesTokens).
  private Map<String, String> charges() {
    return Route.chargesBesides(
        otherCharges == null ? Map.of() : otherCharges,
        cacheReadPerMtok,
        cacheWritePerMtok,
        reasoningPerMtok);
  }

  String mergeFrom(RoutePatch later) {
    if (later.name != null) {
      name = later.name;
    }
    String overridden = null;
    if (later.costStated) {
      boolean freeOverPrice =
          later.tier == Tier.FREE
              && later.inputPerMtok == null
              && later.outputPerMtok == null
              && Prices.priced(inputPerMtok, outputPerMtok, charges());
      costStated = true;
      tier = later.tier;
      if (freeOverPrice) {
        overridden = Prices.describe(inputPerMtok, outputPerMtok, charges());
      } else {
        inputPerMtok = later.inputPerMtok;
        outputPerMtok = later.outputPerMtok;
        cacheReadPerMtok = later.cacheReadPerMtok;
        cacheWritePerMtok = later.cacheWritePerMtok;
        reasoningPerMtok = later.reasoningPerMtok;
        otherCharges = later.otherCharges;
      }
    }
    if (later.contextWindow != null) {
      contextWindow = later.contextWindow;
    }
    if (later.maxOutputTokens != null) {
      maxOutputTokens = later.maxOutputTokens;
    }
    if (later.maxInputTokens != null) {
      maxInputTokens = later.maxInputTokens;
    }
    if (later.capabilities != null) {
      capabilities = later.capabilities.isEmpty() ? Set.of() : EnumSet.copyOf(later.capabilities);
    }
    if (later.prefill != null) {
      prefill = later.prefill;
    }
    if (later.inputModalities != null) {
      inputModalities = Set.copyOf(later.inputModalities);
    }
    if (later.outputModalities != null) {
      outputModalities = Set.copyOf(later.outputModalities);
    }
    if (later.chat != null) {
      chat = later.chat;
    }
    if (later.releaseDate != null) {
      releaseDate = later.releaseDate;
    }
    if (later.expirationDate != null) {
      expirationDate = later.expirationDate;
    }
    if (later.retired != null) {
      retired = later.retired;
    }
    if (later.quality != null) {
      quality = later.quality;
    }
    if (later.firstTokenTimeout != null) {
      firstTokenTimeout = later.firstTokenTimeout;
    }
    return overridden;
  }

  /**
   * Whether the route reads a PDF sent as a chat completions {@code file} part: its input
   * modalities name {@code pdf} (Models.dev {@code modalities.input}) or {@code file} (OpenRouter
   * {@code architecture.input_modalities}: the model reads files itself; OpenRouter parses a PDF
   * for any other model, by default with its Mistral OCR engine billed per page apart from the
   * tokens, https://openrouter.ai/docs/features/multimodal/pdfs), or it is an OpenAI model with
   * vision: "OpenAI models with vision capabilities can also accept PDF files as input"
   * (https://platform.openai.com/docs/guides/pdf-files), which Models.dev states for 12 of its 51
   * OpenAI models only. Mistral's chat API reads a PDF as its own {@code document_url} chunk, its
   * {@code file} chunk being an uploaded file's {@code file_id}
   * (https://github.com/mistralai/client-python/blob/main/docs/models/filechunk.md), and Groq's
   * content parts are text, images and JSON documents (groq/groq-python's {@code
   * ChatCompletionContentPartParam}): Models.dev names {@code pdf} for none of their models. It
   * names {@code pdf} for every Anthropic model, whose route is sent the PDF as a {@code document}
   * block (ADR 0036, addendum). A configuration may state the capability itself.
   */
  private boolean readsPdf(Set<Capability> caps, Set<String> in) {
    return caps.contains(Capability.PDF)
        || in.contains("pdf")
        || in.contains("file")
        || "openai".equals(provider) && caps.contains(Capability.VISION);
  }

  Route build() {
    EnumSet<Capability> caps = EnumSet.noneOf(Capability.class);
    if (capabilities != null) {
      caps.addAll(capabilities);
    }
    if (prefill != null) {
      if (prefill) {
        caps.add(Capability.PREFILL);
      } else {
        caps.remove(Capability.PREFILL);
      }
    }
    Set<String> in = inputModalities == null ? Set.of() : inputModalities;
    if (readsPdf(caps, in)) {
      caps.add(Capability.PDF);
    }
    // Models.dev and OpenRouter name audio and video input alike; a configuration may state the
    // modality or the capability itself. Whether the route's protocol can carry the part is the
    // planner's question (an Anthropic route cannot: ADR 0050).
    if (in.contains("audio")) {
      caps.add(Capability.AUDIO);
    }
    if (in.contains("video")) {
      caps.add(Capability.VIDEO);
    }
    Route.Builder b =
        Route.builder(provider, model)
            .name(name)
            // A null tier lets the builder apply Tier.fromPrices, THE tier rule.
            .tier(tier)
            .prices(inputPerMtok, outputPerMtok)
            .cacheReadPrice(cacheReadPerMtok)
            .cacheWritePrice(cacheWritePerMtok)
            .reasoningPrice(reasoningPerMtok)
            .otherCharges(otherCharges)
            .contextWindow(contextWindow)
            .maxOutputTokens(maxOutputTokens)
            .maxInputTokens(maxInputTokens)
            .capabilities(caps)
            .modalities(
                inputModalities == null ? Set.of("text") : inputModalities,
                outputModalities == null ? Set.of("text") : outputModalities)
            .chat(chat == null || chat)
            .releaseDate(releaseDate)
            .expirationDate(expirationDate)
            .retired(retired != null && retired)
            .quality(quality)
            .firstTokenTimeout(firstTokenTimeout);
    return b.build();
  }
}
