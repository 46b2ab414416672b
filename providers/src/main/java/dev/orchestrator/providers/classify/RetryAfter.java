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
 * apart by size, as OpenRouter and others send it).
 */
final class RetryAfter {

  // Values past this are garbage or an outage, not a schedule; ignoring them keeps arithmetic safe.
  private static final long MAX_SECONDS = 366L * 24 * 3600;

  private static final Pattern NUMBER = Pattern.compile("\\d{1,15}(?:\\.\\d{1,9})?");
  private static final Pattern GO_DURATION_PART =
      Pattern.compile("(\\d{1,12}(?:\\.\\d{1,9})?)(ns|us|µs|ms|h|m|s)");

  private RetryAfter() {}

  /** The wait asked for, or {@code null} when the evidence names none. Never negative. */
  static Duration of(Map<String, String> headers, Duration googleRetryDelay, Clock clock) {
    Duration d = millis(headers.get("retry-after-ms"));
    if (d == null) {
      d = retryAfterHeader(headers.get("retry-after"), clock);
    }
    if (d == null) {
      d = googleRetryDelay;
    }
    if (d == null) {
      d = rateLimitReset(headers, clock);
    }
    if (d == null) {
      d = epochOrDelta(headers.get("x-ratelimit-reset"), clock);
    }
    return d;
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
    long nanos = exactGoNanos(v);
    if (nanos >= 0) {
      return nanos <= MAX_SECONDS * 1_000_000_000L ? Duration.ofNanos(nanos) : null;
    }
    return goDurationByPattern(v);
  }

  /** {@link #goDuration} of a trimmed value by its pattern and decimals: the reference. */
  static Duration goDurationByPattern(String v) {
    Matcher m = GO_DURATION_PART.matcher(v);
    BigDecimal nanos = BigDecimal.ZERO;
    int at = 0;
    while (m.find() && m.start() == at) {
      BigDecimal n = new BigDecimal(m.group(1));
      nanos = nanos.add(n.multiply(BigDecimal.valueOf(unitNanos(m.group(2)))));
      at = m.end();
    }
    if (at == 0 || at != v.length()) {
      return null;
    }
    return bounded(nanos.movePointLeft(9));
  }

  // The nanoseconds of v when each part is GO_DURATION_PART's whole digit runs and a unit, and the
  // sum is a whole number of nanoseconds in a long (what "6.5s", "1m30s", "20ms" are); -1 when
  // not sure, and the pattern decides. Each digit run must end where the pattern's does (a longer
  // run, or a fraction of a nanosecond, is left to it), so the parts are the pattern's parts.
  private static long exactGoNanos(String v) {
    int n = v.length();
    int i = 0;
    long total = 0;
    while (i < n) {
      int start = i;
      long whole = 0;
      while (i < n && i - start <= 12 && isDigit(v.charAt(i))) {
        whole = whole * 10 + (v.charAt(i++) - '0');
      }
      if (i == start || i - start > 12) {
        return -1;
      }
      long fraction = 0;
      int fractionDigits = 0;
      if (i < n && v.charAt(i) == '.') {
        int from = ++i;
        while (i < n && i - from <= 9 && isDigit(v.charAt(i))) {
          fraction = fraction * 10 + (v.charAt(i++) - '0');
        }
        fractionDigits = i - from;
        if (fractionDigits == 0 || fractionDigits > 9) {
          return -1;
        }
      }
      long unit = unitAt(v, i);
      int unitLength = unit == 1L || unit == 1_000L || unit == 1_000_000L ? 2 : 1;
      long scale = POWERS_OF_TEN[fractionDigits];
      if (unit < 0 || unit % scale != 0) {
        return -1;
      }
      i += unitLength;
      try {
        total =
            Math.addExact(
                total,
                Math.addExact(
                    Math.multiplyExact(whole, unit), Math.multiplyExact(fraction, unit / scale)));
      } catch (ArithmeticException e) {
        return -1;
      }
    }
    return n == 0 ? -1 : total;
  }

  private static final long[] POWERS_OF_TEN = {
    1L, 10L, 100L, 1_000L, 10_000L, 100_000L, 1_000_000L, 10_000_000L, 100_000_000L, 1_000_000_000L
  };

  // GO_DURATION_PART's unit at i, first alternative first (so "ms" before "m"): its nanoseconds,
  // or -1; the two-char units are exactly those of 1, 1,000 and 1,000,000 ns
  private static long unitAt(String v, int i) {
    if (i >= v.length()) {
      return -1;
    }
    char c = v.charAt(i);
    if (i + 1 < v.length() && v.charAt(i + 1) == 's') {
      switch (c) {
        case 'n':
          return 1L;
        case 'u', '\u00b5':
          return 1_000L;
        case 'm':
          return 1_000_000L;
        default:
          break;
      }
    }
    switch (c) {
      case 'h':
        return 3_600_000_000_000L;
      case 'm':
        return 60_000_000_000L;
      case 's':
        return 1_000_000_000L;
      default:
        return -1;
    }
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static long unitNanos(String unit) {
    switch (unit) {
      case "h":
        return 3_600_000_000_000L;
      case "m":
        return 60_000_000_000L;
      case "s":
        return 1_000_000_000L;
      case "ms":
        return 1_000_000L;
      case "ns":
        return 1L;
      default: // us, µs
        return 1_000L;
    }
  }

  private static final String[] LIMITS = {"requests", "tokens", "input-tokens", "output-tokens"};
  private static final String OPENAI_FAMILY = "x-ratelimit-";
  private static final String ANTHROPIC_FAMILY = "anthropic-ratelimit-";
  // the header names read per limit, built once
  private static final String[] OPENAI_RESET = names(OPENAI_FAMILY + "reset-", "");
  private static final String[] OPENAI_REMAINING = names(OPENAI_FAMILY + "remaining-", "");
  private static final String[] ANTHROPIC_RESET = names(ANTHROPIC_FAMILY, "-reset");
  private static final String[] ANTHROPIC_REMAINING = names(ANTHROPIC_FAMILY, "-remaining");

  private static String[] names(String before, String after) {
    String[] names = new String[LIMITS.length];
    for (int i = 0; i < LIMITS.length; i++) {
      names[i] = before + LIMITS[i] + after;
    }
    return names;
  }

  private static Duration rateLimitReset(Map<String, String> headers, Clock clock) {
    // a family none of whose headers is present is not looked up limit by limit
    boolean openAi = false;
    boolean anthropic = false;
    for (String name : headers.keySet()) {
      openAi |= name.regionMatches(true, 0, OPENAI_FAMILY, 0, OPENAI_FAMILY.length());
      anthropic |= name.regionMatches(true, 0, ANTHROPIC_FAMILY, 0, ANTHROPIC_FAMILY.length());
    }
    if (!openAi && !anthropic) {
      return null;
    }
    Duration longest = null;
    Duration exhausted = null;
    int exhaustedCount = 0;
    for (int i = 0; i < LIMITS.length; i++) {
      Duration reset = openAi ? goDuration(headers.get(OPENAI_RESET[i])) : null;
      String remaining = openAi ? headers.get(OPENAI_REMAINING[i]) : null;
      if (reset == null) {
        reset = anthropic ? instant(headers.get(ANTHROPIC_RESET[i]), clock) : null;
        remaining = anthropic ? headers.get(ANTHROPIC_REMAINING[i]) : null;
      }
      if (reset == null) {
        continue;
      }
      longest = longest == null || reset.compareTo(longest) > 0 ? reset : longest;
      if (remaining != null && remaining.trim().equals("0")) {
        exhausted = reset;
        exhaustedCount++;
      }
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
