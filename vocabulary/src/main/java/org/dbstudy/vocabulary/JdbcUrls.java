package org.dbstudy.vocabulary;

/** JDBC URLs as they may be shown in messages, logs and reports: any password in them masked. */
public final class JdbcUrls {
    private JdbcUrls() {
    }

    /** Masks {@code password=…}/{@code pwd=…} parameters and {@code user:password@} credentials. */
    public static String redact(String url) {
        return url.replaceAll("(?i)(password|pwd)=[^&;]*", "$1=***").replaceAll("//[^/@]*:[^/@]*@", "//***:***@");
    }
}
