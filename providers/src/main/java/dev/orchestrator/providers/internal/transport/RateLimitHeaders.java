package dev.orchestrator.providers.internal.transport;

import dev.orchestrator.engine.spi.RateLimits;
import java.math.BigDecimal;
import java.net.http.HttpHeaders;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the rate-limit headers of one answer (docs/design.md §5) into {@link RateLimits}; a header
 * that is absent or does not parse is left out, never an error. Three dialects:
 *
 * <ul>
 *   <li>OpenAI, Groq, OpenRouter and other OpenAI-compatible servers: {@code
 *       x-ratelimit-limit-requests}, {@code x-ratelimit-remaining-requests}, {@code
 *       x-ratelimit-reset-requests} and the same three for {@code -tokens}; the resets are relative
 *       Go-style durations such as {@code 1s}, {@code 6m0s}, {@code 2m59.56s} or {@code 12ms}
 *       (platform.openai.com/docs/guides/rate-limits "Rate limits in headers";
 *       console.groq.com/docs/rate-limits "Rate limit headers").
 *   <li>Anthropic: {@code anthropic-ratelimit-requests-limit}, {@code -requests-remaining}, {@code
 *       -requests-reset} and the same for {@code -tokens}; the resets are RFC 3339 timestamps
 *       (docs.anthropic.com/en/api/rate-limits "Response headers").
 *   <li>OpenRouter and other gateways: {@code x-ratelimit-limit}, {@code x-ratelimit-remaining} and
 *       {@code x-ratelimit-reset} without a suffix, counting requests — OpenRouter sends them with
 *       its 429s, e.g. when a key's free-model requests of the day are spent; the reset is an epoch
 *       timestamp in milliseconds (OpenRouter) or seconds, or a number of seconds from now.
 * </ul>
 *
 * Stateless.
 */
final class RateLimitHeaders {
  private static final Pattern EPOCH = Pattern.compile("[0-9]{10,15}");

  /**
   * The longest reset believed, as for {@code Retry-After} (docs/failure-taxonomy.md): past it a
   * reset is garbage or an outage, not a schedule, and is left out — otherwise one answer could
   * keep a key out for centuries, or overflow the arithmetic that turns it into an instant.
   */
  static final Duration MAX_RESET = Duration.ofDays(366);

  private static final Pattern DURATION_PART =
      Pattern.compile("([0-9]+(?:\\.[0-9]+)?)(h|ms|m|s|us|µs|ns)");

  private RateLimitHeaders() {}

  /**
   * The limits {@code h} reports, with Anthropic's absolute resets taken relative to {@code now}.
   */
  static RateLimits read(HttpHeaders h, Instant now) {
    RateLimits openai =
        new RateLimits(
            count(h, "x-ratelimit-remaining-requests"),
            count(h, "x-ratelimit-remaining-tokens"),
            count(h, "x-ratelimit-limit-requests"),
            count(h, "x-ratelimit-limit-tokens"),
            duration(HeaderValues.first(h, "x-ratelimit-reset-requests")),
            duration(HeaderValues.first(h, "x-ratelimit-reset-tokens")));
    if (openai.any()) {
      // OpenAI and Groq count a request's prompt and max_tokens against the tokens left.
      return replenishing(openai.withTokensWholeRequest(openai.remainingTokens() != null));
    }
    RateLimits gateway =
        new RateLimits(
            count(h, "x-ratelimit-remaining"),
            null,
            count(h, "x-ratelimit-limit"),
            null,
            reset(HeaderValues.first(h, "x-ratelimit-reset"), now),
            null);
    if (gateway.any()) {
      return gateway;
    }
    return replenishing(
        new RateLimits(
            count(h, "anthropic-ratelimit-requests-remaining"),
            count(h, "anthropic-ratelimit-tokens-remaining"),
            count(h, "anthropic-ratelimit-requests-limit"),
            count(h, "anthropic-ratelimit-tokens-limit"),
            until(HeaderValues.first(h, "anthropic-ratelimit-requests-reset"), now),
            until(HeaderValues.first(h, "anthropic-ratelimit-tokens-reset"), now)));
  }

  private static Long count(HttpHeaders h, String name) {
    String v = HeaderValues.first(h, name);
    if (v == null) {
      return null;
    }
    try {
      long n = Long.parseLong(v.trim());
      return n < 0 ? null : n;
    } catch (NumberFormatException e) {
      return null; // a quirky header says nothing
    }
  }

  /**
   * A Go-style duration ({@code 1h2m3.5s}, {@code 6m0s}, {@code 250ms}); a bare number is seconds;
   * {@code null} when it is absent ({@code null}), does not parse or is longer than {@link
   * #MAX_RESET}.
   */
  static Duration duration(String text) {
    if (text == null) {
      return null;
    }
    String t = text.trim().toLowerCase(Locale.ROOT);
    if (t.length() > 64) {
      return null; // no real reset is this long to write
    }
    if (t.matches("[0-9]+(\\.[0-9]+)?")) {
      return bounded(nanos(new BigDecimal(t), 1_000_000_000L));
    }
    Matcher m = DURATION_PART.matcher(t);
    int at = 0;
    BigDecimal total = BigDecimal.ZERO;
    while (m.find() && m.start() == at) {
      BigDecimal n = new BigDecimal(m.group(1));
      long unit =
          switch (m.group(2)) {
            case "h" -> 3_600_000_000_000L;
            case "m" -> 60_000_000_000L;
            case "s" -> 1_000_000_000L;
            case "ms" -> 1_000_000L;
            case "us", "µs" -> 1_000L;
            default -> 1L;
          };
      total = total.add(nanos(n, unit));
      at = m.end();
    }
    return at == t.length() && at > 0 ? bounded(total) : null;
  }

  /**
   * {@code r} with a spent request window's reset taken as the time until its next request. OpenAI,
   * Groq and Anthropic replenish requests continuously (a token bucket): the reset is when the
   * window is whole again, and one request comes back after {@code reset / limit} — Groq's {@code
   * 14370} of {@code 14400} a day with a reset of {@code 2m59.56s} is 30 requests at 6 s each. A
   * key with none left is then out for one request's share, not for the whole window. OpenRouter's
   * suffix-less window is fixed: it is left alone.
   */
  private static RateLimits replenishing(RateLimits r) {
    Long remaining = r.remainingRequests();
    Long limit = r.limitRequests();
    Duration reset = r.resetRequests();
    if (remaining == null || remaining > 0 || limit == null || limit <= 0 || reset == null) {
      return r;
    }
    return new RateLimits(
        remaining,
        r.remainingTokens(),
        limit,
        r.limitTokens(),
        reset.dividedBy(limit),
        r.resetTokens(),
        r.tokensWholeRequest());
  }

  /**
   * A suffix-less reset: an epoch timestamp in milliseconds (above 10^11) or seconds (above 10^9),
   * else a duration from now ({@link #duration}); never negative, {@code null} when absent ({@code
   * null}) or malformed.
   */
  static Duration reset(String text, Instant now) {
    if (text == null) {
      return null;
    }
    String t = text.trim();
    if (EPOCH.matcher(t).matches()) {
      long n = Long.parseLong(t);
      return until(n > 100_000_000_000L ? Instant.ofEpochMilli(n) : Instant.ofEpochSecond(n), now);
    }
    return duration(t);
  }

  /**
   * How long from {@code now} until {@code at}; zero when it is past, {@code null} when it is more
   * than {@link #MAX_RESET} away.
   */
  private static Duration until(Instant at, Instant now) {
    if (!at.isAfter(now)) {
      return Duration.ZERO;
    }
    Duration d = Duration.between(now, at);
    return d.compareTo(MAX_RESET) > 0 ? null : d;
  }

  private static BigDecimal nanos(BigDecimal n, long unit) {
    return n.multiply(BigDecimal.valueOf(unit));
  }

  /** {@code nanos} as a duration, or {@code null} past {@link #MAX_RESET}. */
  private static Duration bounded(BigDecimal nanos) {
    if (nanos.compareTo(BigDecimal.valueOf(MAX_RESET.toNanos())) > 0) {
      return null;
    }
    return Duration.ofNanos(nanos.longValue());
  }

  /**
   * How long from {@code now} until an RFC 3339 timestamp (never negative); null if absent ({@code
   * null}) or malformed.
   */
  private static Duration until(String timestamp, Instant now) {
    if (timestamp == null) {
      return null;
    }
    try {
      return until(OffsetDateTime.parse(timestamp.trim()).toInstant(), now);
    } catch (DateTimeParseException e) {
      return null;
    }
  }
}
