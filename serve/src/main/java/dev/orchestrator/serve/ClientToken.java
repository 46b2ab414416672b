package dev.orchestrator.serve;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One client allowed to call the server (docs/reference.md §5, {@code --tokens-file}): a name for
 * logs and metrics, the SHA-256 of its bearer token (the token itself is never kept), optional
 * spend limits per UTC day and month, and an optional allow-list of model-name globs ({@code *}
 * matches anything, {@code /} included). Immutable and thread-safe; {@link #toString()} never shows
 * the digest.
 *
 * @param name the client's name, shown in the access log and metrics
 * @param digest SHA-256 of the bearer token
 * @param budgetUsdPerDay the most the client may spend on priced routes per UTC day, or {@code
 *     null}
 * @param budgetUsdPerMonth the most per UTC month, or {@code null}
 * @param models model-name globs the client may ask for; empty for any
 */
public record ClientToken(
    String name,
    byte[] digest,
    BigDecimal budgetUsdPerDay,
    BigDecimal budgetUsdPerMonth,
    List<String> models) {
  /** The name of the single {@code --token} / {@code ORCHESTRATOR_TOKEN} client. */
  public static final String DEFAULT_NAME = "default";

  /** Validates and copies. */
  public ClientToken {
    Objects.requireNonNull(name, "name");
    digest = Objects.requireNonNull(digest, "digest").clone();
    if (digest.length != 32) {
      throw new IllegalArgumentException(
          "digest: " + digest.length + " bytes (expected: 32, a SHA-256)");
    }
    for (BigDecimal b : new BigDecimal[] {budgetUsdPerDay, budgetUsdPerMonth}) {
      if (b != null && b.signum() < 0) {
        throw new IllegalArgumentException("budget: " + b + " (expected: >= 0 USD)");
      }
    }
    models = models == null ? List.of() : List.copyOf(models);
  }

  /** A client for a plain token, with no limits. */
  public static ClientToken of(String name, String token) {
    return new ClientToken(name, sha256(token), null, null, List.of());
  }

  /** The digest (a copy). */
  @Override
  public byte[] digest() {
    return digest.clone();
  }

  /** Whether the client has any spend limit. */
  public boolean budgeted() {
    return budgetUsdPerDay != null || budgetUsdPerMonth != null;
  }

  /** Whether the client may ask for {@code model}. */
  public boolean allows(String model) {
    if (models.isEmpty()) {
      return true;
    }
    for (String glob : models) {
      if (globMatches(glob, model)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the allow-list entry {@code glob} ({@code *} matches anything) matches {@code model}.
   */
  static boolean globMatches(String glob, String model) {
    return glob(glob).matcher(model).matches();
  }

  /** Whether {@code candidateDigest} is this client's, in constant time. */
  boolean matches(byte[] candidateDigest) {
    return MessageDigest.isEqual(digest, candidateDigest);
  }

  private static Pattern glob(String g) {
    StringBuilder re = new StringBuilder();
    for (String part : g.split("\\*", -1)) {
      if (re.length() > 0) {
        re.append(".*");
      }
      re.append(Pattern.quote(part));
    }
    return Pattern.compile(re.toString());
  }

  /** SHA-256 of a token's UTF-8 bytes. */
  static byte[] sha256(String token) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required by every Java platform", e);
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ClientToken
        && ((ClientToken) o).name.equals(name)
        && MessageDigest.isEqual(((ClientToken) o).digest, digest)
        && Objects.equals(((ClientToken) o).budgetUsdPerDay, budgetUsdPerDay)
        && Objects.equals(((ClientToken) o).budgetUsdPerMonth, budgetUsdPerMonth)
        && ((ClientToken) o).models.equals(models);
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, budgetUsdPerDay, budgetUsdPerMonth, models);
  }

  @Override
  public String toString() {
    return "ClientToken{name="
        + name
        + ", budgetUsdPerDay="
        + budgetUsdPerDay
        + ", budgetUsdPerMonth="
        + budgetUsdPerMonth
        + ", models="
        + models
        + "}";
  }
}
