package dev.orchestrator.engine.catalog;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalDate;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One concrete (provider, model) pair, id {@code provider/model}; the model part may itself contain
 * {@code /} and {@code :}. Immutable and thread-safe. Nullable components mean "the catalog does
 * not say".
 *
 * @param provider provider id
 * @param model the provider's model id, sent on the wire
 * @param name display name
 * @param tier {@link Tier#FREE} only with positive evidence
 * @param inputPerMtok USD per million input tokens, or {@code null} when unknown
 * @param outputPerMtok USD per million output tokens, or {@code null} when unknown
 * @param contextWindow context window in tokens, or {@code null} when unknown
 * @param maxOutputTokens maximum output tokens, or {@code null} when unknown
 * @param capabilities what the route supports
 * @param inputModalities e.g. {@code text}, {@code image}
 * @param outputModalities e.g. {@code text}; a route whose output is not text is not a chat model
 * @param chat whether this is a chat model at all (not an embedding, reranker, image or audio
 *     model); decided by the catalog reader from the source's own evidence
 * @param releaseDate release date, or {@code null}
 * @param expirationDate the date the provider retires the model, or {@code null}
 * @param retired whether the catalog marks the model deprecated/retired regardless of dates
 * @param quality optional quality score used by the {@code quality} strategy (higher is better), or
 *     {@code null}
 * @param cacheReadPerMtok USD per million cached input tokens (prompt-cache reads), or {@code null}
 *     when the catalog does not say (cached tokens are then priced as input)
 * @param firstTokenTimeout this route's own time-to-first-token limit from the configuration, or
 *     {@code null} for the policy's default (which depends on {@link Capability#REASONING})
 * @param maxInputTokens the most prompt tokens the route accepts when the catalog states a limit
 *     below the window (Models.dev {@code limit.input}: 272000 for a 400000-token GPT-5), or {@code
 *     null} when only the window bounds the prompt
 * @param cacheWritePerMtok USD per million input tokens written to the prompt cache, or {@code
 *     null} when the catalog does not say (cache writes are then priced as input)
 * @param reasoningPerMtok USD per million reasoning tokens where the catalog prices them apart from
 *     output, or {@code null} when it does not say (reasoning tokens are then priced as output)
 * @param otherCharges what the catalog bills apart from the token prices above and states not
 *     exactly zero — a fee per request, per image, per web search, a price above a context size —
 *     keyed by the source's own field ({@code pricing.request}, {@code cost.tiers[0].input}) with
 *     the value as written (unit-agnostic, possibly unparsable); empty when it states none. A route
 *     with any is never free by its prices (money is fail-closed, ADR 0009)
 */
public record Route(
    String provider,
    String model,
    String name,
    Tier tier,
    BigDecimal inputPerMtok,
    BigDecimal outputPerMtok,
    Integer contextWindow,
    Integer maxOutputTokens,
    Set<Capability> capabilities,
    Set<String> inputModalities,
    Set<String> outputModalities,
    boolean chat,
    LocalDate releaseDate,
    LocalDate expirationDate,
    boolean retired,
    Double quality,
    BigDecimal cacheReadPerMtok,
    Duration firstTokenTimeout,
    Integer maxInputTokens,
    BigDecimal cacheWritePerMtok,
    BigDecimal reasoningPerMtok,
    Map<String, String> otherCharges) {

  /** Validates and copies. */
  public Route {
    Objects.requireNonNull(provider, "provider");
    Objects.requireNonNull(model, "model");
    if (provider.isBlank() || provider.contains("/")) {
      throw new IllegalArgumentException("route provider: '" + provider + "' (expected: no '/')");
    }
    if (model.isBlank()) {
      throw new IllegalArgumentException("route model: blank (expected: a model id)");
    }
    name = name == null || name.isBlank() ? model : name;
    tier = tier == null ? Tier.PRICED : tier;
    capabilities =
        capabilities == null || capabilities.isEmpty()
            ? Collections.unmodifiableSet(EnumSet.noneOf(Capability.class))
            : Collections.unmodifiableSet(EnumSet.copyOf(capabilities));
    otherCharges =
        otherCharges == null || otherCharges.isEmpty()
            ? Map.of()
            : Collections.unmodifiableMap(new TreeMap<>(otherCharges));
    inputModalities = sortedCopy(inputModalities);
    outputModalities = sortedCopy(outputModalities);
    if (firstTokenTimeout != null
        && (firstTokenTimeout.isNegative() || firstTokenTimeout.isZero())) {
      throw new IllegalArgumentException(
          "route firstTokenTimeout: " + firstTokenTimeout + " (expected: > 0)");
    }
  }

  /**
   * What the route bills besides its input and output prices: its {@link #otherCharges()} and each
   * cache-read, cache-write and reasoning price above zero (keyed {@code cacheReadPerMtok}, {@code
   * cacheWritePerMtok}, {@code reasoningPerMtok}). A route with any is never free by its prices: a
   * free request may read or write a prompt cache and may reason (money is fail-closed; ADR 0017
   * addendum).
   */
  public Map<String, String> chargesBesidesTokens() {
    return chargesBesides(otherCharges, cacheReadPerMtok, cacheWritePerMtok, reasoningPerMtok);
  }

  /**
   * {@link #chargesBesidesTokens()} of a route with these prices, before it is built: {@code
   * otherCharges} and each of the three prices above zero.
   */
  public static Map<String, String> chargesBesides(
      Map<String, String> otherCharges,
      BigDecimal cacheRead,
      BigDecimal cacheWrite,
      BigDecimal reasoning) {
    if (positive(cacheRead) || positive(cacheWrite) || positive(reasoning)) {
      Map<String, String> all = new TreeMap<>(otherCharges);
      put(all, "cacheReadPerMtok", cacheRead);
      put(all, "cacheWritePerMtok", cacheWrite);
      put(all, "reasoningPerMtok", reasoning);
      return Collections.unmodifiableMap(all);
    }
    return otherCharges;
  }

  private static boolean positive(BigDecimal d) {
    return d != null && d.signum() > 0;
  }

  private static void put(Map<String, String> all, String field, BigDecimal price) {
    if (positive(price)) {
      all.put(field, price.stripTrailingZeros().toPlainString());
    }
  }

  private static Set<String> sortedCopy(Set<String> s) {
    return s == null ? Set.of() : Collections.unmodifiableSet(new TreeSet<>(s));
  }

  /** The route id, {@code provider/model}. */
  public String id() {
    return provider + "/" + model;
  }

  /** Whether the route has a capability. */
  public boolean has(Capability capability) {
    return capabilities.contains(capability);
  }

  /** Whether the route is retired or past its expiration date on {@code today}. */
  public boolean retiredOn(LocalDate today) {
    return retired || (expirationDate != null && expirationDate.isBefore(today));
  }

  /** Sum of input and output price, or {@code null} when either is unknown. */
  public BigDecimal blendedPricePerMtok() {
    return inputPerMtok == null || outputPerMtok == null ? null : inputPerMtok.add(outputPerMtok);
  }

  /** A builder for tests and readers; every component starts unknown. */
  public static Builder builder(String provider, String model) {
    return new Builder(provider, model);
  }

  /** Returns a builder initialised from this route. */
  public Builder toBuilder() {
    Builder b = new Builder(provider, model);
    b.name = name;
    b.tier = tier;
    b.inputPerMtok = inputPerMtok;
    b.outputPerMtok = outputPerMtok;
    b.contextWindow = contextWindow;
    b.maxOutputTokens = maxOutputTokens;
    b.capabilities = EnumSet.noneOf(Capability.class);
    b.capabilities.addAll(capabilities);
    b.inputModalities = inputModalities;
    b.outputModalities = outputModalities;
    b.chat = chat;
    b.releaseDate = releaseDate;
    b.expirationDate = expirationDate;
    b.retired = retired;
    b.quality = quality;
    b.cacheReadPerMtok = cacheReadPerMtok;
    b.firstTokenTimeout = firstTokenTimeout;
    b.maxInputTokens = maxInputTokens;
    b.cacheWritePerMtok = cacheWritePerMtok;
    b.reasoningPerMtok = reasoningPerMtok;
    b.otherCharges = otherCharges;
    return b;
  }

  /** Mutable builder for {@link Route}; not thread-safe. */
  public static final class Builder {
    private final String provider;
    private final String model;
    private String name;
    private Tier tier;
    private BigDecimal inputPerMtok;
    private BigDecimal outputPerMtok;
    private Integer contextWindow;
    private Integer maxOutputTokens;
    private EnumSet<Capability> capabilities = EnumSet.noneOf(Capability.class);
    private Set<String> inputModalities = Set.of("text");
    private Set<String> outputModalities = Set.of("text");
    private boolean chat = true;
    private LocalDate releaseDate;
    private LocalDate expirationDate;
    private boolean retired;
    private Double quality;
    private BigDecimal cacheReadPerMtok;
    private Duration firstTokenTimeout;
    private Integer maxInputTokens;
    private BigDecimal cacheWritePerMtok;
    private BigDecimal reasoningPerMtok;
    private Map<String, String> otherCharges = Map.of();

    private Builder(String provider, String model) {
      this.provider = provider;
      this.model = model;
    }

    /** Sets the display name. */
    public Builder name(String v) {
      name = v;
      return this;
    }

    /** Sets the tier explicitly (otherwise derived from prices by {@link #build()}). */
    public Builder tier(Tier v) {
      tier = v;
      return this;
    }

    /** Sets both prices in USD per million tokens; {@code null} means unknown. */
    public Builder prices(BigDecimal input, BigDecimal output) {
      inputPerMtok = input;
      outputPerMtok = output;
      return this;
    }

    /**
     * Sets the price of cached input tokens (prompt-cache reads) in USD per million; {@code null}
     * means unknown. It never affects the tier.
     */
    public Builder cacheReadPrice(BigDecimal v) {
      cacheReadPerMtok = v;
      return this;
    }

    /**
     * Sets the price of input tokens written to the prompt cache in USD per million; {@code null}
     * means unknown. It never affects the tier.
     */
    public Builder cacheWritePrice(BigDecimal v) {
      cacheWritePerMtok = v;
      return this;
    }

    /**
     * Sets the price of reasoning tokens in USD per million where the catalog prices them apart
     * from output; {@code null} means unknown. It never affects the tier.
     */
    public Builder reasoningPrice(BigDecimal v) {
      reasoningPerMtok = v;
      return this;
    }

    /**
     * Sets what the catalog bills apart from the token prices and states not exactly zero, keyed by
     * the source's field with the value as written; {@code null} or empty means none. Any makes a
     * route without an explicit tier priced.
     */
    public Builder otherCharges(Map<String, String> v) {
      otherCharges = v == null ? Map.of() : v;
      return this;
    }

    /** Sets the context window; {@code null} means unknown. */
    public Builder contextWindow(Integer v) {
      contextWindow = v;
      return this;
    }

    /**
     * Sets the input limit, the most prompt tokens accepted when below the window; {@code null}
     * means only the window bounds the prompt.
     */
    public Builder maxInputTokens(Integer v) {
      maxInputTokens = v;
      return this;
    }

    /** Sets the maximum output tokens; {@code null} means unknown. */
    public Builder maxOutputTokens(Integer v) {
      maxOutputTokens = v;
      return this;
    }

    /** Adds capabilities. */
    public Builder capabilities(Capability... v) {
      capabilities.addAll(Set.of(v));
      return this;
    }

    /** Replaces capabilities. */
    public Builder capabilities(Set<Capability> v) {
      capabilities = v.isEmpty() ? EnumSet.noneOf(Capability.class) : EnumSet.copyOf(v);
      return this;
    }

    /** Sets the modalities. */
    public Builder modalities(Set<String> input, Set<String> output) {
      inputModalities = input;
      outputModalities = output;
      return this;
    }

    /** Marks the route a chat model or not. */
    public Builder chat(boolean v) {
      chat = v;
      return this;
    }

    /** Sets the release date. */
    public Builder releaseDate(LocalDate v) {
      releaseDate = v;
      return this;
    }

    /** Sets the expiration date. */
    public Builder expirationDate(LocalDate v) {
      expirationDate = v;
      return this;
    }

    /** Marks the route retired. */
    public Builder retired(boolean v) {
      retired = v;
      return this;
    }

    /** Sets the quality score. */
    public Builder quality(Double v) {
      quality = v;
      return this;
    }

    /** Sets this route's own time-to-first-token limit; {@code null} means the policy's. */
    public Builder firstTokenTimeout(Duration v) {
      firstTokenTimeout = v;
      return this;
    }

    /**
     * Builds the route. When no tier was set explicitly, it is derived from the prices with {@link
     * Tier#fromPrices}, and is priced whatever they are when the catalog states a charge besides
     * them ({@link Route#chargesBesidesTokens()}).
     */
    public Route build() {
      boolean besides =
          !chargesBesides(
                  otherCharges == null ? Map.of() : otherCharges,
                  cacheReadPerMtok,
                  cacheWritePerMtok,
                  reasoningPerMtok)
              .isEmpty();
      Tier t =
          tier != null
              ? tier
              : besides ? Tier.PRICED : Tier.fromPrices(inputPerMtok, outputPerMtok);
      return new Route(
          provider,
          model,
          name,
          t,
          inputPerMtok,
          outputPerMtok,
          contextWindow,
          maxOutputTokens,
          capabilities,
          inputModalities,
          outputModalities,
          chat,
          releaseDate,
          expirationDate,
          retired,
          quality,
          cacheReadPerMtok,
          firstTokenTimeout,
          maxInputTokens,
          cacheWritePerMtok,
          reasoningPerMtok,
          otherCharges);
    }
  }
}
