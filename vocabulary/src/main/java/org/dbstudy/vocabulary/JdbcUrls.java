package org.dbstudy.vocabulary;

/** JDBC URLs as they may be shown in messages, logs and reports, and the parts of them dbstudy changes. */
public final class JdbcUrls {
    private JdbcUrls() {
    }

    /** Masks {@code password=…}/{@code pwd=…} parameters and {@code user:password@} credentials. */
    public static String redact(String url) {
        return url.replaceAll("(?i)(password|pwd)=[^&;]*", "$1=***").replaceAll("//[^/@]*:[^/@]*@", "//***:***@");
    }

    /**
     * The same server and parameters with another database: {@code jdbc:KIND://HOST:PORT/DB?PARAMS}
     * with {@code database} for DB (added when the URL names none).
     */
    public static String withDatabase(String url, String database) {
        int hostStart = url.indexOf("//");
        if (hostStart < 0) {
            throw new IllegalArgumentException("not a jdbc:KIND://HOST/DATABASE URL: " + redact(url));
        }
        int query = firstOf(url, hostStart + 2, '?', ';');
        int slash = url.indexOf('/', hostStart + 2);
        if (slash < 0 || slash > query) {
            return url.substring(0, query) + "/" + database + url.substring(query);
        }
        return url.substring(0, slash + 1) + database + url.substring(query);
    }

    /** Index of the first of {@code a}, {@code b} at or after {@code from}, or the length. */
    private static int firstOf(String s, int from, char a, char b) {
        for (int i = from; i < s.length(); i++) {
            if (s.charAt(i) == a || s.charAt(i) == b) {
                return i;
            }
        }
        return s.length();
    }
}
