package dev.orchestrator.serve;

import dev.orchestrator.serve.http.ApiError;
import java.util.List;

/**
 * Who is calling: matches the bearer token against every configured client in constant time (the
 * given token is hashed and compared with each digest with {@link
 * java.security.MessageDigest#isEqual}, without stopping at a match, so neither the length nor the
 * position of a token leaks). With no clients configured every caller is {@link #ANONYMOUS}.
 * Immutable and thread-safe.
 */
final class Authenticator {
  /** The caller when no token is configured. */
  static final ClientToken ANONYMOUS = ClientToken.of("anonymous", "");

  private final List<ClientToken> clients;

  Authenticator(List<ClientToken> clients) {
    this.clients = List.copyOf(clients);
  }

  /** Whether a bearer token is required. */
  boolean required() {
    return !clients.isEmpty();
  }

  /** The configured clients. */
  List<ClientToken> clients() {
    return clients;
  }

  /**
   * The client an {@code Authorization} header names.
   *
   * @throws ApiError {@code 401 invalid_api_key} when a token is required and none matches
   */
  ClientToken authenticate(String authorization) {
    ClientToken found = find(authorization);
    if (found == null) {
      throw ApiError.invalidRequest(
              401,
              "missing or invalid bearer token (expected: Authorization: Bearer <token>)",
              "invalid_api_key")
          .header("WWW-Authenticate", "Bearer");
    }
    return found;
  }

  /** Whether {@code authorization} names a client (always, when no token is required). */
  boolean admits(String authorization) {
    return find(authorization) != null;
  }

  /** The client {@code authorization} names, {@link #ANONYMOUS} when none is required, or null. */
  private ClientToken find(String authorization) {
    if (clients.isEmpty()) {
      return ANONYMOUS;
    }
    String given =
        authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)
            ? authorization.substring(7).trim()
            : "";
    byte[] digest = ClientToken.sha256(given);
    ClientToken found = null;
    for (ClientToken c : clients) {
      if (c.matches(digest) && found == null) {
        found = c;
      }
    }
    return given.isEmpty() ? null : found;
  }
}
