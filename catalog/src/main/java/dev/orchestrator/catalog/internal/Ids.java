package dev.orchestrator.catalog.internal;

/** Checks shared by the readers for provider and route ids. */
final class Ids {
  private Ids() {}

  static void requireProviderId(Value where, String id) {
    if (id.isBlank() || id.contains("/") || !id.equals(id.strip())) {
      throw where.fail(
          "provider id '" + id + "' is not valid (expected: non-blank, no '/', no spaces)");
    }
  }

  static String trimSlash(String url) {
    if (url == null) {
      return null;
    }
    String u = url.strip();
    while (u.endsWith("/")) {
      u = u.substring(0, u.length() - 1);
    }
    return u.isEmpty() ? null : u;
  }
}
