package org.dbstudy.vocabulary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class JdbcUrlsTest {

    @Test
    void passwordParametersAreMasked() {
        assertEquals("jdbc:postgresql://h:5432/db?user=u&password=***&ssl=true",
                JdbcUrls.redact("jdbc:postgresql://h:5432/db?user=u&password=s3cret&ssl=true"));
        assertEquals("jdbc:mysql://h/db;PWD=***", JdbcUrls.redact("jdbc:mysql://h/db;PWD=x"));
    }

    @Test
    void credentialsBeforeTheHostAreMasked() {
        assertEquals("jdbc:mariadb://***:***@h:3306/test", JdbcUrls.redact("jdbc:mariadb://root:pw@h:3306/test"));
    }

    @Test
    void aUrlWithoutSecretsIsUnchanged() {
        assertEquals("jdbc:postgresql://127.0.0.1:5432/test", JdbcUrls.redact("jdbc:postgresql://127.0.0.1:5432/test"));
    }

    @Test
    void anotherDatabaseKeepsServerAndParameters() {
        assertEquals("jdbc:postgresql://127.0.0.1:5432/own?ssl=false",
                JdbcUrls.withDatabase("jdbc:postgresql://127.0.0.1:5432/test?ssl=false", "own"));
        assertEquals("jdbc:mariadb://h:3306/own", JdbcUrls.withDatabase("jdbc:mariadb://h:3306/test", "own"));
        assertEquals("jdbc:mariadb://h:3306/own", JdbcUrls.withDatabase("jdbc:mariadb://h:3306", "own"));
        assertEquals("jdbc:mysql://h/own?useSSL=false", JdbcUrls.withDatabase("jdbc:mysql://h?useSSL=false", "own"));
        assertEquals("jdbc:postgresql://h/own", JdbcUrls.withDatabase("jdbc:postgresql://h/", "own"));
    }

    @Test
    void aPasswordIsMovedOutOfTheUrlWithTheRestKept() {
        String url = "jdbc:postgresql://h:5432/db?user=u&password=s3cr%40t&ssl=false";
        assertEquals("s3cr@t", JdbcUrls.password(url), "percent-escapes decoded as the driver decodes them");
        assertEquals("jdbc:postgresql://h:5432/db?user=u&ssl=false", JdbcUrls.withoutPassword(url));
        assertEquals("jdbc:postgresql://h/db", JdbcUrls.withoutPassword("jdbc:postgresql://h/db?password=x"));
        assertEquals("jdbc:postgresql://h/db?a=1", JdbcUrls.withoutPassword("jdbc:postgresql://h/db?PWD=x&a=1"));
        assertEquals("jdbc:mariadb://h/test;x=1", JdbcUrls.withoutPassword("jdbc:mariadb://h/test;password=q;x=1"));
        assertEquals("q", JdbcUrls.password("jdbc:mariadb://h/test;password=q;x=1"));
        assertEquals("jdbc:mysql://root@h:3306/test?useSSL=false", JdbcUrls.withoutPassword("jdbc:mysql://root:pw@h:3306/test?useSSL=false"));
        assertEquals("pw", JdbcUrls.password("jdbc:mysql://root:pw@h:3306/test?useSSL=false"));
        assertNull(JdbcUrls.password("jdbc:postgresql://127.0.0.1:5432/test?user=u"));
        assertEquals("jdbc:postgresql://127.0.0.1:5432/test?user=u", JdbcUrls.withoutPassword("jdbc:postgresql://127.0.0.1:5432/test?user=u"));
    }
}
