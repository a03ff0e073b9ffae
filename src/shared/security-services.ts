// The security services the company sells (the /services page's six cards). The freelance marketplace uses the
// same ids: a freelancer offers some of them, a client's request names one.
export const SECURITY_SERVICES = [
  'pentesting',
  'red-teaming',
  'cloud-security',
  'forensics',
  'incident-response',
  'training',
] as const;
export type SecurityService = (typeof SECURITY_SERVICES)[number];

export const SECURITY_SERVICE_LABELS: Record<SecurityService, string> = {
  pentesting: 'Penetration Testing',
  'red-teaming': 'Red Teaming',
  'cloud-security': 'Cloud Security',
  forensics: 'Digital Forensics',
  'incident-response': 'Incident Response',
  training: 'Security Training',
};
