package dev.orchestrator.providers.classify;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How long the provider asked us to wait, from typed evidence only: headers and Google's {@code
 * RetryInfo}. Never from wording. Stateless; time comes from the given clock.
 *
 * <p>Precedence (the first present and parsable wins): {@code retry-after-ms} (milliseconds, more
 * precise than the next), {@code Retry-After} (delta-seconds or HTTP-date), Google {@code
 * RetryInfo.retryDelay} ({@code "17s"}), then the rate-limit resets: {@code
 * x-ratelimit-reset-requests} / {@code x-ratelimit-reset-tokens} (Go durations {@code 1s}, {@code
 * 6m0s}, {@code 20ms}) and {@code anthropic-ratelimit-requests-reset} / {@code -tokens-reset} (RFC
 * 3339 instants) — of these, the reset of the limit whose {@code remaining} header is {@code 0};
 * when none or several say so, the longest, since waiting for the longest reset frees every limit —
 * and last {@code x-ratelimit-reset} (epoch milliseconds, epoch seconds or delta-seconds, told
 * apart by size, as OpenRouter and others send it). A reset is no wait where nothing says a limit
 * failed: the failure is neither a rate limit nor a quota, and the {@code remaining} header of
 * every limit with a reset says some is left (a reset without one is still a wait). Providers send
 * their resets on every answer; on a {@code 503} with every limit left, the longest reset is a
 * token bucket's full refill, not a wait anyone asked for.
 */
final class RetryAfter {

  // Values past this are garbage or an outage, not a schedule; ignoring them keeps arithmetic safe.
  private static final long MAX_SECONDS = 366L * 24 * 3600;

  private static final Pattern NUMBER = Pattern.compile("\\d{1,15}(?:\\.\\d{1,9})?");
  private static final Pattern GO_DURATION_PART =
      Pattern.compile("(\\d{1,12}(?:\\.\\d{1,9})?)(ns|us|µs|ms|h|m|s)");

  private RetryAfter() {}

  /**
   * The wait asked for, or {@code null} when the evidence names none. Never negative.
   *
   * @param limitFailed whether the failure is a rate limit or a quota: a reset of a limit that says
   *     it has some left is a wait then only
   */
  static Duration of(
      Map<String, String> headers, Duration googleRetryDelay, Clock clock, boolean limitFailed) {
    Duration d = millis(headers.get("retry-after-ms"));
    if (d == null) {
      d = retryAfterHeader(headers.get("retry-after"), clock);
    }
    if (d == null) {
      d = googleRetryDelay;
    }
    if (d == null) {
      d = rateLimitReset(headers, clock, limitFailed);
    }
    if (d == null && (limitFailed || !left(headers.get("x-ratelimit-remaining")))) {
      d = epochOrDelta(headers.get("x-ratelimit-reset"), clock);
    }
    return d;
  }

  private static boolean spent(String remaining) {
    return remaining != null && remaining.trim().equals("0");
  }

  /** Whether a {@code remaining} header says the limit has requests or tokens left. */
  private static boolean left(String remaining) {
    return remaining != null && !Text.isBlank(remaining) && !spent(remaining);
  }

  /** {@code Retry-After}: delta-seconds (RFC 9110 §10.2.3), or an HTTP-date. */
  static Duration retryAfterHeader(String value, Clock clock) {
    if (Text.isBlank(value)) {
      return null;
    }
    String v = value.trim();
    Duration seconds = seconds(v);
    if (seconds != null) {
      return seconds;
    }
    try {
      ZonedDateTime at = ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME);
      return until(at.toInstant(), clock);
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  /** Google's proto3 JSON {@code Duration}: {@code "17s"}, {@code "0.5s"}. */
  static Duration protoDuration(String value) {
    if (Text.isBlank(value)) {
      return null;
    }
    String v = value.trim();
    return v.endsWith("s") ? seconds(v.substring(0, v.length() - 1)) : null;
  }

  /** A Go {@code time.Duration} string: {@code 1s}, {@code 6m0s}, {@code 20ms}, {@code 1m30.5s}. */
  static Duration goDuration(String value) {
    if (Text.isBlank(value) || value.length() > 64) {
      return null;
    }
    String v = value.trim();
    Matcher m = GO_DURATION_PART.matcher(v);
    BigDecimal nanos = BigDecimal.ZERO;
    int at = 0;
    while (m.find() && m.start() == at) {
      BigDecimal n = new BigDecimal(m.group(1));
      nanos = nanos.add(n.multiply(BigDecimal.valueOf(unitNanos(m.group(2)))));
      at = m.end();
    }
    return at == 0 || at != v.length() ? null : bounded(nanos.movePointLeft(9));
  }

  private static long unitNanos(String unit) {
    return switch (unit) {
      case "h" -> 3_600_000_000_000L;
      case "m" -> 60_000_000_000L;
      case "s" -> 1_000_000_000L;
      case "ms" -> 1_000_000L;
      case "ns" -> 1L;
      default -> 1_000L; // us, µs
    };
  }

  private static final String[] LIMITS = {"requests", "tokens", "input-tokens", "output-tokens"};

  private static Duration rateLimitReset(
      Map<String, String> headers, Clock clock, boolean limitFailed) {
    Duration longest = null;
    Duration exhausted = null;
    int exhaustedCount = 0;
    boolean everyLeft = true; // every limit with a reset says it has some left
    for (String limit : LIMITS) {
      Duration reset = goDuration(headers.get("x-ratelimit-reset-" + limit));
      String remaining = headers.get("x-ratelimit-remaining-" + limit);
      if (reset == null) {
        reset = instant(headers.get("anthropic-ratelimit-" + limit + "-reset"), clock);
        remaining = headers.get("anthropic-ratelimit-" + limit + "-remaining");
      }
      if (reset == null) {
        continue;
      }
      longest = longest == null || reset.compareTo(longest) > 0 ? reset : longest;
      everyLeft &= left(remaining);
      if (spent(remaining)) {
        exhausted = reset;
        exhaustedCount++;
      }
    }
    if (longest != null && everyLeft && !limitFailed) {
      return null; // every limit says it has some left: its reset is no wait
    }
    return exhaustedCount == 1 ? exhausted : longest;
  }

  private static Duration instant(String value, Clock clock) {
    if (Text.isBlank(value)) {
      return null;
    }
    try {
      return until(OffsetDateTime.parse(value.trim()).toInstant(), clock);
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  private static Duration epochOrDelta(String value, Clock clock) {
    if (Text.isBlank(value) || !NUMBER.matcher(value.trim()).matches()) {
      return null;
    }
    BigDecimal n = new BigDecimal(value.trim());
    if (n.compareTo(BigDecimal.valueOf(1_000_000_000_000L)) >= 0) {
      return until(Instant.ofEpochMilli(n.longValue()), clock);
    }
    if (n.compareTo(BigDecimal.valueOf(1_000_000_000L)) >= 0) {
      return until(Instant.ofEpochSecond(n.longValue()), clock);
    }
    return bounded(n);
  }

  private static Duration millis(String value) {
    if (Text.isBlank(value) || !NUMBER.matcher(value.trim()).matches()) {
      return null;
    }
    return bounded(new BigDecimal(value.trim()).movePointLeft(3));
  }

  private static Duration seconds(String value) {
    return NUMBER.matcher(value).matches() ? bounded(new BigDecimal(value)) : null;
  }

  private static Duration bounded(BigDecimal seconds) {
    if (seconds.signum() < 0 || seconds.compareTo(BigDecimal.valueOf(MAX_SECONDS)) > 0) {
      return null;
    }
    return Duration.ofNanos(seconds.movePointRight(9).longValue());
  }

  private static Duration until(Instant at, Clock clock) {
    Duration d = Duration.between(clock.instant(), at);
    if (d.isNegative()) {
      return Duration.ZERO;
    }
    return d.getSeconds() > MAX_SECONDS ? null : d;
  }
}
