package org.dbstudy.vocabulary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    /** Issue 46: {@code sslpassword=} reached JMeter's command line; every driver's key and keystore passwords are secrets. */
    @Test
    void keyAndKeystorePasswordsAreSecretsToo() {
        String[][] cases = {
            {"jdbc:postgresql://h/db?sslmode=verify-full&sslkey=/k.pk8&sslpassword=k3y&ssl=true",
                "jdbc:postgresql://h/db?sslmode=verify-full&sslkey=/k.pk8&sslpassword=***&ssl=true"},
            {"jdbc:postgresql://h/db?SSLPASSWORD=k3y", "jdbc:postgresql://h/db?SSLPASSWORD=***"},
            {"jdbc:postgresql://h/db?sslfactory=my.Factory&sslfactoryarg=k3y", "jdbc:postgresql://h/db?sslfactory=my.Factory&sslfactoryarg=***"},
            {"jdbc:mysql://h/db?trustCertificateKeyStorePassword=a&clientCertificateKeyStorePassword=b&useSSL=true",
                "jdbc:mysql://h/db?trustCertificateKeyStorePassword=***&clientCertificateKeyStorePassword=***&useSSL=true"},
            {"jdbc:mysql://h/db?password1=a&password2=b&password3=c", "jdbc:mysql://h/db?password1=***&password2=***&password3=***"},
            {"jdbc:mysql://(host=h,port=3306,password=a)/db", "jdbc:mysql://(host=h,port=3306,password=***)/db"},
            {"jdbc:mysql://address=(host=h)(password=a)/db", "jdbc:mysql://address=(host=h)(password=***)/db"},
            {"jdbc:mariadb://h/db?keyStorePassword=a&keyPassword=b&trustStorePassword=c",
                "jdbc:mariadb://h/db?keyStorePassword=***&keyPassword=***&trustStorePassword=***"},
            {"jdbc:mariadb://h/db;keyStorePassword=a;x=1", "jdbc:mariadb://h/db;keyStorePassword=***;x=1"},
        };
        for (String[] c : cases) {
            assertEquals(c[1], JdbcUrls.redact(c[0]));
            assertTrue(JdbcUrls.hasSecret(c[0]), c[0]);
            assertFalse(JdbcUrls.hasSecret(c[1]), c[1]);
        }
        // Names that only contain the word are not secrets; a login password is still the only one moved out.
        String plain = "jdbc:postgresql://h/db?sslpasswordcallback=my.Callback&sslkey=/k.pk8&options=-c%20password_encryption=md5";
        assertEquals(plain, JdbcUrls.redact(plain));
        assertFalse(JdbcUrls.hasSecret(plain));
        assertNull(JdbcUrls.password("jdbc:postgresql://h/db?sslpassword=k3y"));
        assertEquals("jdbc:postgresql://h/db?sslpassword=k3y", JdbcUrls.withoutPassword("jdbc:postgresql://h/db?password=p&sslpassword=k3y"));
        assertTrue(JdbcUrls.hasSecret("jdbc:mariadb://root:pw@h:3306/test"));
    }
}
