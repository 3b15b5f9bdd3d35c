package dev.perfgate.system;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A loopback TCP relay in front of a real server that can stop passing bytes, both ways, while keeping every
 * connection open: a store that has stopped answering, as a FerretDB under load once did for 14 minutes.
 */
final class StallingProxy implements AutoCloseable {

    private final ServerSocket listener;
    private final InetSocketAddress target;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final Object gate = new Object();
    private boolean stalled;

    StallingProxy(String host, int port) throws IOException {
        this.target = new InetSocketAddress(host, port);
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        daemon("stalling-proxy", this::accept);
    }

    int port() {
        return listener.getLocalPort();
    }

    /** From now on no byte passes in either direction; connections stay open and new ones are accepted. */
    void stall() {
        synchronized (gate) {
            stalled = true;
        }
    }

    void resume() {
        synchronized (gate) {
            stalled = false;
            gate.notifyAll();
        }
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                Socket server = new Socket(target.getAddress(), target.getPort());
                sockets.add(client);
                sockets.add(server);
                daemon("stalling-proxy-up", () -> pump(client, server));
                daemon("stalling-proxy-down", () -> pump(server, client));
            } catch (IOException e) {
                return;
            }
        }
    }

    private static void daemon(String name, Runnable task) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        thread.start();
    }

    private void pump(Socket from, Socket to) {
        byte[] buffer = new byte[64 * 1024];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            for (int n; (n = in.read(buffer)) >= 0;) {
                awaitFlow();
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (IOException | InterruptedException e) {
            // one side closed: close the other below
        } finally {
            closeQuietly(from);
            closeQuietly(to);
        }
    }

    private void awaitFlow() throws InterruptedException {
        synchronized (gate) {
            while (stalled) {
                gate.wait();
            }
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // already closed
        }
    }

    @Override
    public void close() throws IOException {
        resume();
        listener.close();
        sockets.forEach(StallingProxy::closeQuietly);
    }
}
