/**
 * Security headers on every answer (pages, the API, static files, refusals)
 * by @fastify/helmet, with a content security policy the web client runs
 * under: its scripts, styles and images from this server only, its
 * WebSocket to this server, nothing inline, no plugins, no framing.
 */
import helmet from "@fastify/helmet";
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  imgSrc: ["'self'", "data:"],
  objectSrc: ["'none'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'"],
  // The server is often reached over plain HTTP on a home network: asking for HTTPS would break it.
  upgradeInsecureRequests: null,
} as const;

const securityHeaders: FastifyPluginAsync = async (app) => {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  });
};

export const securityHeadersPlugin = fp(securityHeaders, { name: "cardroom-security-headers" });
