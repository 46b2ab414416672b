package dev.orchestrator.engine.plan;

import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ProviderPreferences;
import java.math.BigDecimal;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What a plan is for: the model name and the request's needs. Immutable.
 *
 * @param model a virtual model, pool name or route id
 * @param models an explicit ordered fallback list of route ids, or empty
 * @param promptTokens estimated prompt tokens
 * @param maxOutputTokens requested max output tokens (0 when unspecified)
 * @param require capabilities every candidate must have
 * @param maxPricePerMtok max input+output price per million tokens, or {@code null}
 * @param strategy ranking of {@code orchestrator/auto}
 * @param onlyConfigured whether to exclude routes whose provider has no credentials
 * @param gaps for each protocol that cannot express the request, the first field it cannot express
 *     ({@link ProtocolFit}); a route of such a protocol is excluded as {@link
 *     ExclusionReason#MISSING_CAPABILITY} with the gap as detail
 * @param provider the request's provider preferences: {@code only}, {@code ignore}, {@code
 *     allow_fallbacks} and {@code max_price} exclude routes here; {@code order} and {@code sort}
 *     order the candidates ({@link ObservedRanking})
 */
public record PlanRequest(
    String model,
    List<String> models,
    int promptTokens,
    int maxOutputTokens,
    Set<Capability> require,
    BigDecimal maxPricePerMtok,
    Strategy strategy,
    boolean onlyConfigured,
    Map<Protocol, FieldGap> gaps,
    ProviderPreferences provider) {

  private static final Set<Capability> NO_CAPABILITIES =
      Collections.unmodifiableSet(EnumSet.noneOf(Capability.class));

  private static final Protocol[] PROTOCOLS = Protocol.values();

  /** Validates and copies. */
  public PlanRequest {
    Objects.requireNonNull(model, "model");
    models = models == null ? List.of() : List.copyOf(models);
    if (promptTokens < 0) {
      throw new IllegalArgumentException("promptTokens: " + promptTokens + " (expected: >= 0)");
    }
    if (maxOutputTokens < 0) {
      throw new IllegalArgumentException(
          "maxOutputTokens: " + maxOutputTokens + " (expected: >= 0)");
    }
    require =
        require == null || require.isEmpty()
            ? NO_CAPABILITIES
            : Collections.unmodifiableSet(EnumSet.copyOf(require));
    if (maxPricePerMtok != null && maxPricePerMtok.signum() < 0) {
      throw new IllegalArgumentException(
          "maxPricePerMtok: " + maxPricePerMtok + " (expected: >= 0)");
    }
    strategy = strategy == null ? Strategy.COST : strategy;
    gaps =
        gaps == null || gaps.isEmpty()
            ? Map.of()
            : Collections.unmodifiableMap(new EnumMap<>(gaps));
    provider = provider == null ? ProviderPreferences.NONE : provider;
  }

  /** A request for {@code model} with no particular needs. */
  public static PlanRequest of(String model) {
    return builder(model).build();
  }

  /**
   * A builder of a request for {@code model}: no fallback list, no token estimate, no required
   * capability, no price cap, {@link Strategy#COST}, every provider (configured or not), every
   * field expressible by every protocol.
   */
  public static Builder builder(String model) {
    return new Builder(model);
  }

  /** The plan request for a chat request. */
  public static PlanRequest from(ChatRequest r, Strategy strategy, boolean onlyConfigured) {
    Map<Protocol, FieldGap> gaps = null; // most requests fit every protocol
    for (Protocol p : PROTOCOLS) {
      FieldGap g = ProtocolFit.firstGap(r, p);
      if (g == null && r.provider().requireParameters() && !r.droppedFor(p).isEmpty()) {
        g =
            new FieldGap(
                r.droppedFor(p).get(0),
                "not sent to " + p.wireName() + " routes (provider.require_parameters)");
      }
      if (g != null) {
        if (gaps == null) {
          gaps = new EnumMap<>(Protocol.class);
        }
        gaps.put(p, g);
      }
    }
    Integer limit = r.outputTokenLimit();
    return builder(r.model())
        .models(r.models())
        .promptTokens(r.estimatedPromptTokens())
        .maxOutputTokens(limit == null ? 0 : limit)
        .require(r.requiredCapabilities())
        .maxPricePerMtok(r.maxPricePerMtok())
        .strategy(strategy)
        .onlyConfigured(onlyConfigured)
        .gaps(gaps)
        .provider(r.provider())
        .build();
  }

  /** Mutable builder; not thread-safe. Each setter names the record component it sets. */
  public static final class Builder {
    private final String model;
    private List<String> models = List.of();
    private int promptTokens;
    private int maxOutputTokens;
    private Set<Capability> require = Set.of();
    private BigDecimal maxPricePerMtok;
    private Strategy strategy = Strategy.COST;
    private boolean onlyConfigured;
    private Map<Protocol, FieldGap> gaps = Map.of();
    private ProviderPreferences provider = ProviderPreferences.NONE;

    private Builder(String model) {
      this.model = model;
    }

    /** See {@link PlanRequest#models()}. */
    public Builder models(List<String> v) {
      models = v;
      return this;
    }

    /** See {@link PlanRequest#promptTokens()}. */
    public Builder promptTokens(int v) {
      promptTokens = v;
      return this;
    }

    /** See {@link PlanRequest#maxOutputTokens()}. */
    public Builder maxOutputTokens(int v) {
      maxOutputTokens = v;
      return this;
    }

    /** See {@link PlanRequest#require()}. */
    public Builder require(Set<Capability> v) {
      require = v;
      return this;
    }

    /** See {@link PlanRequest#maxPricePerMtok()}. */
    public Builder maxPricePerMtok(BigDecimal v) {
      maxPricePerMtok = v;
      return this;
    }

    /** See {@link PlanRequest#strategy()}. */
    public Builder strategy(Strategy v) {
      strategy = v;
      return this;
    }

    /** See {@link PlanRequest#onlyConfigured()}. */
    public Builder onlyConfigured(boolean v) {
      onlyConfigured = v;
      return this;
    }

    /** See {@link PlanRequest#gaps()}. */
    public Builder gaps(Map<Protocol, FieldGap> v) {
      gaps = v;
      return this;
    }

    /** See {@link PlanRequest#provider()}. */
    public Builder provider(ProviderPreferences v) {
      provider = v;
      return this;
    }

    /** Validates and builds. */
    public PlanRequest build() {
      return new PlanRequest(
          model,
          models,
          promptTokens,
          maxOutputTokens,
          require,
          maxPricePerMtok,
          strategy,
          onlyConfigured,
          gaps,
          provider);
    }
  }
}
